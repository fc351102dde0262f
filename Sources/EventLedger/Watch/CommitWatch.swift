/// A watch of a ledger's commits, set up before anything waits on it: the file's change
/// notifications, the file its path names, and for a replica the follower of its primary.
/// `run` then delivers every commit from the start position on, however soon after the
/// set-up it was made, on whichever thread runs it.
final class CommitWatch: Sendable {
    /// The watched ledger.
    private let ledger: Ledger
    /// Wakes the watch when the file is written or its links change.
    private let signal: FileChangeSignal
    /// The file the path named at the set-up, to notice it being removed, replaced or cut.
    private let file: WatchedFile
    /// The position of the first event to deliver.
    private let start: UInt64
    /// Keeps a replica up to its primary while it is watched, so other machines' commits
    /// are seen too; nil for a ledger of its own.
    private let follower: PrimaryFollower?
    /// The pending commits as they were last delivered, when their changes are delivered too.
    private let pendingAtStart: [UInt8]?

    /// Sets up a watch of `ledger`'s commits from position `from` on (default: only commits
    /// made after the call), and with `pendingChanges` of the changes of its pending commits.
    /// Throws a `.storage` error when the file cannot be watched.
    init(_ ledger: Ledger, from position: UInt64?, pendingChanges: Bool = false) throws {
        self.ledger = ledger
        signal = try FileChangeSignal(path: ledger.path)
        file = try WatchedFile(path: ledger.path)
        start = try position ?? ledger.head().position + 1
        pendingAtStart = pendingChanges ? try Self.pendingState(of: ledger) : nil
        follower = try ledger.core.primary.map { try PrimaryFollower(Replication(core: ledger.core), link: $0) }
    }

    /// What the ledger's pending and refused commits are now, as bytes that change whenever they do.
    private static func pendingState(of ledger: Ledger) throws -> [UInt8] {
        try ledger.core.environment.read { txn in try PendingQueue.existing(ledger.core, txn)?.state() ?? [] }
    }

    deinit {
        follower?.stop()
    }

    /// Calls `body` with each commit from the start position on, as soon as any process
    /// commits it, until `body` returns false or `stopped()` holds (looked at least every
    /// half second); when the watch delivers the changes of the pending commits, with nil for
    /// each. Throws a `.storage` error when the ledger's path is removed or comes to name
    /// another file, or when the file is truncated, and the follower's failure.
    func run(until stopped: () -> Bool, _ body: (CommittedBatch?) throws -> Bool) throws {
        var next = start
        var pending = pendingAtStart
        // LMDB publishes a commit to readers just after its last write to the file, so a
        // wake-up may still see the old state: then look again shortly, a few times.
        var recheckDelays: ArraySlice<Int32> = []
        while !stopped() {
            var batches: [CommittedBatch] = []
            var events: [RecordedEvent] = []
            try ledger.forEachEvent(LogFilter(from: next)) { event in
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
            if let delivered = pending, case let now = try Self.pendingState(of: ledger), now != delivered {
                pending = now
                guard try body(nil) else { return }
            }
            if !batches.isEmpty { recheckDelays = [] }
            if let delay = recheckDelays.popFirst() {
                signal.wait(milliseconds: delay)
            } else if signal.wait(milliseconds: 500) {
                recheckDelays = [1, 2, 5, 10, 20, 50]
            }
            try file.checkUnchanged(usedBytes: { ledger.core.environment.usedBytes })
            try follower?.check()
        }
    }
}
