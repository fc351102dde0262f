import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Keeps a replica up to its primary while it is watched: a thread of its own listens for
/// the primary's commit notifications (`LISTEN`, which every write through the primary
/// signals) and syncs the replica on each, so the watch of the local file sees other
/// machines' commits as they land, without polling the primary. After a quiet spell as long
/// as a statement may take, it asks the primary something, so a server that stopped
/// answering (and so sends no notification either) is noticed. While the primary is
/// unreachable or busy it tries again every second; any other failure ends it and is kept
/// for the watcher to throw.
final class PrimaryFollower: Sendable {
    /// The channel writers notify when they commit.
    static let channel = "ledger_commits"

    private let stopped = Atomic<Bool>(false)
    private let failure = Mutex<LedgerError?>(nil)

    /// Starts following the primary of `ledger` through `link`; the ledger must be open for writing.
    init(_ ledger: Ledger, link: PrimaryLink) throws {
        try DetachedThread.start { [self] in follow(ledger, link) }
    }

    /// Ends the following (within a second).
    func stop() { stopped.store(true, ordering: .releasing) }

    /// Throws the failure that ended the following, if any.
    func check() throws(LedgerError) {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    private func follow(_ ledger: Ledger, _ link: PrimaryLink) {
        while !stopped.load(ordering: .acquiring) {
            do {
                let connection = try link.connect()
                try connection.execute("LISTEN \(Self.channel)")
                try ledger.sync()
                var heard = ContinuousClock.now
                while !stopped.load(ordering: .acquiring) {
                    if try connection.waitForNotification(milliseconds: 500) {
                        try ledger.sync()
                        heard = .now
                    } else if ContinuousClock.now - heard >= link.timeouts.statement {
                        try connection.execute("SELECT 1")
                        heard = .now
                    }
                }
            } catch let error where error.message.hasPrefix("primary unreachable") || error.message.hasPrefix("primary busy") {
                sleep(1)
            } catch {
                failure.withLock { $0 = error }
                return
            }
        }
    }
}
