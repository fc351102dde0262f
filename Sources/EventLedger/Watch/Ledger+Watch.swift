import Synchronization

/// The events of one commit.
public struct CommittedBatch: Sendable, Equatable {
    /// The commit number.
    public let commit: UInt64
    /// Its events, in position order.
    public let events: [RecordedEvent]
}

extension Ledger {
    /// Calls `body` with each commit from position `from` on (default: only commits made
    /// after the call), as soon as any process commits it, until `body` returns false.
    /// Waits on file-change notifications, not in a busy loop. Throws a `.storage` error
    /// when the ledger's path is removed or comes to name another file (it is not followed),
    /// or when the file is truncated.
    /// A replica opened for writing with its primary is kept up to it meanwhile: the
    /// primary's commit notifications sync it, so other machines' commits are seen too.
    public func watch(from position: UInt64? = nil, _ body: (CommittedBatch) throws -> Bool) throws {
        try CommitWatch(self, from: position).run(until: { false }) { batch in try batch.map(body) ?? true }
    }

    /// Calls `body` as `watch(from:_:)` does, and `pending` with each pending commit a replica
    /// working offline queues after the call (see `PendingCommit`), until either returns false.
    public func watch(
        from position: UInt64? = nil, _ body: (CommittedBatch) throws -> Bool, pending: (PendingCommit) throws -> Bool
    ) throws {
        var seen = Set(try pendingCommits().map(\.id))
        try CommitWatch(self, from: position, pendingChanges: true).run(until: { false }) { batch in
            if let batch { return try body(batch) }
            for commit in try pendingCommits() where seen.insert(commit.id).inserted {
                guard try pending(commit) else { return false }
            }
            return true
        }
    }

    /// The commits from position `from` on (default: those made after the call) as any
    /// process makes them — for a view that refreshes on commit instead of reloading.
    /// Ends when the consuming task is cancelled or the sequence is dropped; ends by throwing
    /// a `.storage` error when the ledger's path is removed or comes to name another file, or
    /// when the file is truncated.
    public func commits(from position: UInt64? = nil) -> AsyncThrowingStream<CommittedBatch, any Error> {
        do {
            return try watchedCommits(from: position)
        } catch {
            return AsyncThrowingStream { throw error }
        }
    }

    /// `commits(from:)` with its watch set up when it returns, so that any commit made after
    /// the return is in the sequence; throws what setting the watch up throws.
    func watchedCommits(from position: UInt64? = nil) throws -> AsyncThrowingStream<CommittedBatch, any Error> {
        try watched(from: position, pendingChanges: false) { batch in batch.map { [$0] } ?? [] }
    }

    /// A signal for each change of what the read models answer, with its watch set up when it
    /// returns: each commit, and each change of a replica's pending commits (one queued, sent,
    /// refused or discarded).
    func watchedChanges() throws -> AsyncThrowingStream<Void, any Error> {
        try watched(from: nil, pendingChanges: true) { _ in [()] }
    }

    /// Each pending commit the primary refuses from now on, as a sync (this process's or
    /// another's) refuses it: for an app to tell its user which edit was refused and why.
    /// Ends as `commits(from:)` does.
    public func refusals() -> AsyncThrowingStream<RefusedCommit, any Error> {
        do {
            let seen = Mutex(Set(try refusedCommits().map(\.id)))
            return try watched(from: nil, pendingChanges: true) { [self] batch in
                guard batch == nil, let refused = try? refusedCommits() else { return [] }
                return seen.withLock { seen in refused.filter { seen.insert($0.id).inserted } }
            }
        } catch {
            return AsyncThrowingStream { throw error }
        }
    }

    /// The `elements` of each commit from `position` on (and, with `pendingChanges`, of each
    /// change of the pending commits, given nil), delivered from a thread of its own.
    private func watched<Element: Sendable>(
        from position: UInt64?, pendingChanges: Bool, _ elements: @escaping @Sendable (CommittedBatch?) -> [Element]
    ) throws -> AsyncThrowingStream<Element, any Error> {
        let watch = try CommitWatch(self, from: position, pendingChanges: pendingChanges)
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream()
        let cancelled = CancellationFlag()
        continuation.onTermination = { _ in cancelled.set() }
        try DetachedThread.start(named: watchThreadName) {
            do {
                try watch.run(until: { cancelled.isSet }) { batch in
                    for element in elements(batch) { continuation.yield(element) }
                    return !cancelled.isSet
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        return stream
    }
}

/// The name of the thread behind each `commits(from:)` sequence.
package let watchThreadName = "ledger-watch"

/// A flag set once, from any thread.
private final class CancellationFlag: Sendable {
    private let flag = Atomic<Bool>(false)

    var isSet: Bool { flag.load(ordering: .acquiring) }

    func set() { flag.store(true, ordering: .releasing) }
}
