/// Undoing a commit: working out its undo in the write that appends it.
struct Undo {
    let core: LedgerCore

    /// The events undoing `commit` as the ledger is now, without appending them.
    func events(undoing commit: UInt64) throws -> [PendingEvent] {
        try core.environment.read { txn in try UndoPlanner(core: core, txn: txn).events(undoing: commit) }
    }

    /// `Ledger.undo(commit:)`.
    func commit(undoing commit: UInt64) throws(LedgerError) -> AppendResult? {
        try LedgerError.typed {
            try core.environment.requireNoWriteOnThisThread()
            guard core.primary != nil else { return try commitOnline(undoing: commit) }
            // While the primary is unreachable, the undo of the commit as this replica has it is queued.
            do {
                return try OfflineWrites(core: core).write(online: { try commitOnline(undoing: commit) }, pending: { $0 }) { txn in
                    let events = try UndoPlanner(core: core, txn: txn).events(undoing: commit)
                    guard !events.isEmpty else { throw NothingToUndo() }
                    try PendingQueue.existing(core, txn)?.requireUntouched(by: events, undoing: commit)
                    return events
                }
            } catch is NothingToUndo {
                return nil
            }
        }
    }

    /// Thrown out of the queue's transaction when the commit changed nothing undo can return.
    private struct NothingToUndo: Error {}

    /// Appends the undo of `commit` through the primary, if any; nil when there is nothing to undo.
    private func commitOnline(undoing commit: UInt64) throws -> AppendResult? {
        try LedgerError.typed {
            try core.writer.commit { txn, now in
                let events = try UndoPlanner(core: core, txn: txn).events(undoing: commit)
                guard !events.isEmpty else { return nil }
                do {
                    return try core.writer.appender(in: txn).append(events, mode: .strict, recordedAt: now)
                } catch var error as LedgerError {
                    error.eventIndex = nil
                    throw error.prefixed("commit \(commit) cannot be undone")
                }
            }
        }
    }
}
