/// The writes of a replica: its pending commits are sent first, in order, so that the primary
/// sees every commit in the order it was written here; when the replica queues what it cannot
/// send (`WhenUnreachable.queue`), a write the primary cannot take now is queued after them.
struct OfflineWrites {
    let core: LedgerCore

    /// Appends `events` as one commit through the primary, after the pending commits; queues
    /// them as a pending commit when the primary cannot be reached.
    func append(_ events: [PendingEvent]) throws -> AppendResult {
        try write(online: { try core.writer.appendSharingCommit(events, mode: .strict) }, pending: { $0 }) { _ in events }
    }

    /// Runs `online`, a write through the primary, after sending the pending commits; when
    /// the primary cannot be reached, queues as a pending commit the events `queued` gives in
    /// the queue's write transaction (which may also change what else they come from).
    /// What the write returns when queued is `pending` of the queued commit's result.
    func write<Result>(
        online: () throws -> Result, pending: (AppendResult) -> Result, queued: (Transaction) throws -> [PendingEvent]
    ) throws -> Result {
        do {
            if try hasPending() { _ = try PendingSender(core: core).sendAll() }
            return try online()
        } catch let error as LedgerError where error.isPrimaryUnreachable && core.queuesWhenUnreachable {}
        let now = Timestamp.now()
        let queued = try core.writer.writeOutsideLog { txn in
            try PendingQueue.opened(core, txn).enqueue(try queued(txn).map { $0.withID() }, at: now)
        }
        return pending(
            AppendResult(commit: 0, recordedAt: now, positions: [], assignedIDs: queued.assignedIDs, appended: true, pendingCommit: queued.id))
    }

    /// Whether any commit is pending.
    private func hasPending() throws -> Bool {
        try core.environment.read { txn in try PendingQueue.existing(core, txn)?.hasCommits() == true }
    }
}
