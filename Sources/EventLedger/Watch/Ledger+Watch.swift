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
        try watch(from: position, until: { false }, body)
    }

    private func watch(from position: UInt64?, until stopped: () -> Bool, _ body: (CommittedBatch) throws -> Bool) throws {
        let signal = try FileChangeSignal(path: path)
        let file = try WatchedFile(path: path)
        var next = try position ?? head().position + 1
        let follower = try core.primary.map { try PrimaryFollower(Replication(core: core), link: $0) }
        defer { follower?.stop() }
        // LMDB publishes a commit to readers just after its last write to the file, so a
        // wake-up may still see the old state: then look again shortly, a few times.
        var recheckDelays: ArraySlice<Int32> = []
        while !stopped() {
            var batches: [CommittedBatch] = []
            var events: [RecordedEvent] = []
            try forEachEvent(LogFilter(from: next)) { event in
                if let last = events.last, last.commit != event.commit {
                    batches.append(CommittedBatch(commit: last.commit, events: events))
                    events = []
                }
                events.append(event)
                return true
            }
            if let last = events.last { batches.append(CommittedBatch(commit: last.commit, events: events)) }
            for batch in batches {
                guard try body(batch) else { return }
                next = batch.events[batch.events.count - 1].position + 1
            }
            if !batches.isEmpty { recheckDelays = [] }
            if let delay = recheckDelays.popFirst() {
                signal.wait(milliseconds: delay)
            } else if signal.wait(milliseconds: 500) {
                recheckDelays = [1, 2, 5, 10, 20, 50]
            }
            try file.checkUnchanged(usedBytes: { core.environment.usedBytes })
            try follower?.check()
        }
    }

    /// The commits from position `from` on (default: those made after the call) as any
    /// process makes them — for a view that refreshes on commit instead of reloading.
    /// Ends when the consuming task is cancelled or the sequence is dropped; ends by throwing
    /// a `.storage` error when the ledger's path is removed or comes to name another file, or
    /// when the file is truncated.
    public func commits(from position: UInt64? = nil) -> AsyncThrowingStream<CommittedBatch, any Error> {
        let (stream, continuation) = AsyncThrowingStream<CommittedBatch, any Error>.makeStream()
        let cancelled = CancellationFlag()
        continuation.onTermination = { _ in cancelled.set() }
        let start: UInt64
        do {
            start = try position ?? head().position + 1
        } catch {
            continuation.finish(throwing: error)
            return stream
        }
        do {
            try DetachedThread.start(named: watchThreadName) {
                do {
                    try self.watch(from: start, until: { cancelled.isSet }) { batch in
                        continuation.yield(batch)
                        return !cancelled.isSet
                    }
                    continuation.finish()
                } catch {
                    continuation.finish(throwing: error)
                }
            }
        } catch {
            continuation.finish(throwing: error)
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
