/// The writes of a replica that queues what it cannot send (`WhenUnreachable.queue`): its
/// pending commits are sent first, in order, so that the primary sees every commit in the
/// order it was written here; a write the primary cannot take now is queued after them.
struct OfflineWrites {
    let core: LedgerCore

    /// Appends `events` as one commit through the primary, after the pending commits; queues
    /// them as a pending commit when the primary cannot be reached.
    func append(_ events: [PendingEvent]) throws -> AppendResult {
        do {
            if try hasPending() { _ = try PendingSender(core: core).sendAll() }
            if try !hasPending() { return try core.writer.appendSharingCommit(events, mode: .strict) }
        } catch let error as LedgerError where error.isPrimaryUnreachable {}
        return try queue(events)
    }

    /// Queues `events` as a pending commit, checked against the replica's state with the
    /// earlier pending commits applied.
    func queue(_ events: [PendingEvent]) throws -> AppendResult {
        let now = Timestamp.now()
        let queued = try core.writer.writeOutsideLog { txn in try PendingQueue.opened(core, txn).enqueue(events, at: now) }
        return AppendResult(commit: 0, recordedAt: now, positions: [], assignedIDs: queued.assignedIDs, appended: true, pendingCommit: queued.id)
    }

    /// Whether any commit is pending.
    private func hasPending() throws -> Bool {
        try core.environment.read { txn in try PendingQueue.existing(core, txn)?.commits().isEmpty == false }
    }
}
