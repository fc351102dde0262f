#if canImport(Glibc)
import Glibc
#endif

/// An event ledger in one LMDB file: an append-only log of domain events and the read
/// models the plugged-in domains fold it into, kept consistent in the same transactions.
///
/// ```swift
/// let ledger = try Ledger(path: "music.lmdb", domains: [MusicDomain()])
/// try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
/// let artists = try ledger.query("artists")
/// ```
///
/// Every method throws `LedgerError` only; those that run a closure (`read`, `watch`, …)
/// rethrow the closure's own errors unchanged.
public final class Ledger: Sendable {
    /// How to open a ledger.
    public struct Options: Sendable {
        /// The initial size of the memory map; it grows by itself when full.
        public var initialMapSize: Int
        /// Create the file when it does not exist (otherwise opening a missing file fails).
        public var createIfMissing: Bool
        /// Open for reading only: writes fail, the file is never created or changed, and
        /// opening never waits for a writer.
        public var readOnly: Bool
        /// How a write waits while another process writes to the ledger: by default as long
        /// as it takes, silently.
        public var writeLockWaiting: WriteLockWaiting
        /// The primary whose replica this file is (such as a `PostgreSQLPrimary`), or nil
        /// for a ledger of its own. Every write goes through the primary; reads never wait
        /// for it, and `sync()` catches up with it. A file that does not exist yet is created
        /// only once the primary has answered. Waiting for the primary's write lock is
        /// bounded by `writeLockWaiting.timeout` when given.
        public var primary: (any LedgerPrimary)?
        /// What a write does while the primary cannot be reached: fail (the default), or be
        /// queued as a pending commit that the next sync sends (see `PendingCommit`).
        public var whenUnreachable: WhenUnreachable
        /// Commits write their pages into the mapped file instead of copying them in memory
        /// first: for a file being built that nothing else opens (see `Environment.init`).
        var writesInPlace = false

        /// Options with a 64 MiB initial map (address space only: the file grows with its
        /// content) that create a missing file. A larger map costs every process start
        /// (about 0.7 ms for 1 GiB), a smaller one reruns large first writes while it grows.
        public init(
            initialMapSize: Int = 64 << 20, createIfMissing: Bool = true, readOnly: Bool = false,
            writeLockWaiting: WriteLockWaiting = WriteLockWaiting(), primary: (any LedgerPrimary)? = nil,
            whenUnreachable: WhenUnreachable = .fail
        ) {
            self.initialMapSize = initialMapSize
            self.createIfMissing = createIfMissing && !readOnly
            self.readOnly = readOnly
            self.writeLockWaiting = writeLockWaiting
            self.primary = primary
            self.whenUnreachable = whenUnreachable
        }
    }

    /// The file the ledger lives in.
    public var path: String { core.path }
    /// The open file, its domains and its writer, which every part of the ledger works through.
    let core: LedgerCore

    /// Opens the ledger at `path` with the given domains plugged in.
    ///
    /// A file written by an older EventLedger is migrated to the current file format in one
    /// write transaction when opened for writing; opened read-only, it is read as it is when
    /// this EventLedger can, and refused (`.storage`, saying to open it once for writing)
    /// when it cannot. A file written by a newer EventLedger is refused (`.storage`), and
    /// nothing is written to it.
    ///
    /// A file holding read models of domains not given (written by another tool) is opened
    /// for reading only (see `readModelsOfUnknownDomains`); opening it for writing is refused
    /// (`.storage`, naming them). Read models of given domains that the file lacks are added,
    /// built from the log, when it is opened for writing, never when only reading.
    ///
    /// A read model built by an earlier version of its domain (`LedgerDomain.readModelVersion`)
    /// is rebuilt when the file is opened for writing; opened for reading only, its queries are
    /// refused (see `readModelsOfEarlierVersions`). One built by a newer version, or whose
    /// version record is damaged, is never changed: opening the file for writing is refused
    /// (`.storage` naming both versions, or `.corruption`), and so are its queries. A damaged
    /// format record is `.corruption` for every opening. Reading the log needs no read model.
    ///
    /// Opening for writing is also refused (`.storage`), before anything is written, when the
    /// log holds events of a newer schema version than their type knows (both versions named),
    /// and when a table of a read model built by the domain's version has another shape than
    /// the one recorded when it was built, or was not in it (`TableShape`; the table named,
    /// with the hint to raise `LedgerDomain.readModelVersion`).
    public convenience init(path: String, domains: [any LedgerDomain], options: Options = Options()) throws {
        try self.init(path: path, domains: domains, options: options, formats: .released)
    }

    /// Opens the ledger at `path`, knowing the file formats of `formats`. With
    /// `keepingReadModelVersions`, an opening for writing leaves the read models built by other
    /// versions of their domains as they are, neither rebuilt nor refused (a copy to verify).
    init(
        path: String, domains: [any LedgerDomain], options: Options, formats: FileFormats,
        keepingReadModelVersions: Bool = false
    ) throws {
        core = try LedgerCore(
            path: path, domains: domains, options: options, formats: formats, keepingReadModelVersions: keepingReadModelVersions)
    }

    /// The ledger opened as `core`.
    init(core: LedgerCore) {
        self.core = core
    }

    /// Runs `body` with a consistent snapshot of the current read models. Throws, as their
    /// queries do, when the ledger was opened for reading only and a read model was built by
    /// another version of its domain or has a damaged version record: its rows may mean
    /// something else than `body` reads. On a replica with pending commits, the read models
    /// are read with them applied.
    public func read<T>(_ body: (ReadModelReader) throws -> T) throws -> T {
        try read(confirmed: false, body)
    }

    /// Runs `body` as `read(_:)` does; when `confirmed`, without a replica's pending commits:
    /// the read models as the primary has them.
    public func read<T>(confirmed: Bool, _ body: (ReadModelReader) throws -> T) throws -> T {
        if let index = core.readModelVersionMismatches.keys.min() { try core.requireReadModel(ofDomain: index) }
        return try core.readAnyVersion(confirmed: confirmed, body)
    }

    /// Every query of the plugged-in domains.
    public var queries: [QueryDefinition] { core.catalog.queries }

    /// Runs the query called `name` on the current read models, a replica's pending commits applied.
    public func query(_ name: String, _ input: QueryDefinition.Input = .init()) throws(LedgerError) -> QueryResult {
        try query(name, input, confirmed: false)
    }

    /// Runs the query called `name` as `query(_:_:)` does; when `confirmed`, without a
    /// replica's pending commits, as `read(confirmed:_:)`.
    public func query(_ name: String, _ input: QueryDefinition.Input = .init(), confirmed: Bool) throws(LedgerError) -> QueryResult {
        try LedgerError.typed {
            let definition = try queryDefinition(name)
            return try core.readAnyVersion(confirmed: confirmed) { state in try definition.run(input, state) }
        }
    }

    /// The query called `name`; `.invalidInput` when there is none.
    public func queryDefinition(_ name: String) throws(LedgerError) -> QueryDefinition {
        try LedgerError.typed { try core.queryDefinition(name) }
    }

    /// Every event type name the ledger accepts.
    public var eventTypeNames: [String] { core.catalog.typeNames }
}
