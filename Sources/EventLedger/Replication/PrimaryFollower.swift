import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Keeps a replica up to its primary while it is watched: a thread of its own listens for
/// the primary's commit signals (which every write through the primary sends) and syncs the
/// replica on each, so the watch of the local file sees other machines' commits as they
/// land, without polling the primary. While the primary is unreachable or busy it tries
/// again every second; any other failure ends it and is kept for the watcher to throw.
final class PrimaryFollower: Sendable {
    private let stopped = Atomic<Bool>(false)
    private let failure = Mutex<LedgerError?>(nil)

    /// Starts following the primary of the replica `replication` syncs through `link`; the
    /// ledger must be open for writing.
    init(_ replication: Replication, link: PrimaryLink) throws {
        try DetachedThread.start { [self] in follow(replication, link) }
    }

    /// Ends the following (within a second).
    func stop() { stopped.store(true, ordering: .releasing) }

    /// Throws the failure that ended the following, if any.
    func check() throws(LedgerError) {
        if let error = failure.withLock({ $0 }) { throw error }
    }

    private func follow(_ replication: Replication, _ link: PrimaryLink) {
        while !stopped.load(ordering: .acquiring) {
            do {
                let connection = try link.connect()
                try connection.listenForCommits()
                _ = try replication.sync()
                while !stopped.load(ordering: .acquiring) {
                    if try connection.awaitCommit(milliseconds: 500) { _ = try replication.sync() }
                }
            } catch let error where error.isPrimaryUnavailable {
                sleep(1)
            } catch {
                failure.withLock { $0 = error }
                return
            }
        }
    }
}
