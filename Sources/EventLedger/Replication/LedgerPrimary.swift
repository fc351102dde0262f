/// A primary: the one place a shared log is kept, of which every machine's ledger file is a
/// replica. Every write of a replica goes through its primary, under the primary's write
/// lock; reads stay local; `Ledger.sync()` catches a replica up.
///
/// The engine needs little of a primary: a log of recorded events it can lock, read from a
/// position and append to, an identity replicas remember, its clock, and a signal when
/// another machine commits. `PostgreSQLPrimary` (module `EventLedgerPostgreSQL`) is the
/// primary this package ships; a ledger without a primary links none of it.
public protocol LedgerPrimary: Sendable {
    /// Opens a new connection to the primary. A lock on the primary (its write lock) is
    /// waited for at most `lockWait` (nil: as long as the primary's own bounds allow), after
    /// which the statement fails with `LedgerError.primaryBusy(_:)`.
    func connect(lockWait: Duration?) throws(LedgerError) -> any PrimaryConnection
}

/// One connection to a primary, used by one thread at a time.
///
/// Failures are `LedgerError`s: `LedgerError.primaryUnreachable(_:)` when the primary
/// cannot be reached, does not answer in time or the connection is lost,
/// `LedgerError.primaryBusy(_:)` when its write lock was not granted in time, `.corruption`
/// when what it holds does not read, and `.storage` otherwise.
public protocol PrimaryConnection: AnyObject {
    /// Whether the connection can still be used: false once it was lost or a statement was
    /// given up on, and the next use connects again.
    var isConnected: Bool { get }

    /// Creates the primary's log and identity when they do not exist yet.
    func prepareLog() throws(LedgerError)

    /// Runs `body` holding the primary's write lock, in one transaction of the primary that
    /// commits when `body` returns and is rolled back when it throws. Writers serialize on
    /// this lock, so positions stay gapless and each commit's hashes continue the chain.
    func locked<T>(_ body: () throws -> T) throws -> T

    /// The primary's identity: a random id made with its log, which replicas remember.
    func identity() throws(LedgerError) -> EventID

    /// Whether the primary's log holds no event.
    func isEmpty() throws(LedgerError) -> Bool

    /// Where the primary's log stands for a replica whose last event is at `position`: the
    /// hash the primary holds there, its last position and its clock, read at once.
    func standing(at position: UInt64) throws(LedgerError) -> PrimaryStanding

    /// The events after `position`, in position order, of the commits up to `lastCommit`
    /// (all when nil): whole commits only.
    func events(after position: UInt64, throughCommit lastCommit: UInt64?) throws(LedgerError) -> [PrimaryEvent]

    /// Appends `events` (recorded by the replica, with their positions, commits, times and
    /// hashes) to the primary's log, inside `locked(_:)`, and signals the replicas listening
    /// for commits once the transaction commits.
    func insert(_ events: [RecordedEvent]) throws(LedgerError)

    /// From now on, `awaitCommit(milliseconds:)` hears of the commits of every machine.
    func listenForCommits() throws(LedgerError)

    /// Waits up to `milliseconds` for a commit to be signalled; true when one was. A
    /// primary that went silent is noticed here too (it throws).
    func awaitCommit(milliseconds: Int32) throws(LedgerError) -> Bool
}

extension LedgerError {
    /// The primary could not be reached, did not answer in time, or the connection was lost:
    /// `.storage`, `primary unreachable: <detail>`. A replica following its primary waits
    /// for it to come back.
    public static func primaryUnreachable(_ detail: String) -> LedgerError {
        LedgerError(.storage, "\(unreachablePrefix)\(detail)")
    }

    /// The primary's write lock was not granted in time: `.storage`, `primary busy: <detail>`.
    public static func primaryBusy(_ detail: String) -> LedgerError {
        LedgerError(.storage, "\(busyPrefix)\(detail)")
    }

    /// Whether this is a primary that could not be reached, did not answer or lost the
    /// connection (not one whose write lock was busy).
    public var isPrimaryUnreachable: Bool {
        kind == .storage && message.hasPrefix(Self.unreachablePrefix)
    }

    /// Whether this is a primary that is unreachable or busy: a wait that may end by itself.
    public var isPrimaryUnavailable: Bool {
        kind == .storage && (message.hasPrefix(Self.unreachablePrefix) || message.hasPrefix(Self.busyPrefix))
    }

    private static let unreachablePrefix = "primary unreachable: "
    private static let busyPrefix = "primary busy: "
}
