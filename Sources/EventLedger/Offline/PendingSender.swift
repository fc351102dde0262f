/// Sends a replica's pending commits to its primary, in the order they were queued: each is
/// one write through the primary, checked under its lock against its state as any online
/// write is, and leaves the queue in the same local transaction that records it, so that a
/// sync cut short at any point neither loses nor doubles it (sent again, its events' ids
/// find them in the log). One the primary refuses joins the refused commits with the reason.
struct PendingSender {
    let core: LedgerCore

    /// Sends every pending commit; stops, throwing, when the primary cannot be reached (those
    /// sent stay sent). Returns the accepted and the refused commits.
    func sendAll() throws -> (accepted: [(pending: UInt64, result: AppendResult)], refused: [RefusedCommit]) {
        var accepted: [(pending: UInt64, result: AppendResult)] = []
        var refused: [RefusedCommit] = []
        let ids = try core.environment.read { txn in try PendingQueue.existing(core, txn)?.commits().map(\.id) ?? [] }
        for id in ids {
            do {
                if let result = try send(id) { accepted.append((id, result)) }
            } catch let error as LedgerError where PendingQueue.isRefusal(error) && !error.isPrimaryUnreachable {
                if let refusal = try refuse(id, because: error) { refused.append(refusal) }
            }
        }
        try core.writer.writeOutsideLog { txn in
            guard let queue = try PendingQueue.existing(core, txn) else { return }
            _ = try queue.madeStager()
            try queue.deleteIfEmpty()
        }
        return (accepted, refused)
    }

    /// Sends pending commit `id` as one write through the primary; nil when it is no longer
    /// pending (discarded meanwhile).
    private func send(_ id: UInt64) throws -> AppendResult? {
        try core.writer.commit { txn, now in
            guard let queue = try PendingQueue.existing(core, txn), let commit = try? queue.commit(id) else { return nil }
            let events = try queue.events(of: commit)
            let result = try core.writer.appender(in: txn).append(events, mode: .strict, recordedAt: now)
            try queue.remove(commit)
            return result
        }
    }

    /// Moves pending commit `id` to the refused commits with `reason`; nil when it is no
    /// longer pending.
    private func refuse(_ id: UInt64, because reason: LedgerError) throws -> RefusedCommit? {
        var reason = reason
        reason.eventIndex = nil
        return try core.writer.writeOutsideLog { txn in
            guard let queue = try PendingQueue.existing(core, txn), let commit = try? queue.commit(id) else { return nil }
            return try queue.refuse(commit, events: try queue.events(of: commit), reason: reason, at: .now())
        }
    }
}
