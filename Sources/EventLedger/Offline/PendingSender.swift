/// Sends a replica's pending commits to its primary, in the order they were queued. Each is
/// a commit of its own, checked under the primary's lock against its state as any online
/// write is, and leaves the queue in the same local transaction that records it, so that a
/// sync cut short at any point neither loses nor doubles it (sent again, its events' ids find
/// them in the log). Up to `commitsPerWrite` of them share one write through the primary (one
/// PostgreSQL transaction, one local one), as a group commit's appends do; when one of them
/// is refused, the write is made again with those before it only, and the refused one joins
/// the refused commits with the reason.
struct PendingSender {
    let core: LedgerCore

    /// How many pending commits one write through the primary sends at most.
    static let commitsPerWrite = 256

    /// Sends every pending commit; stops, throwing, when the primary cannot be reached (those
    /// sent stay sent). Returns the accepted and the refused commits.
    func sendAll() throws -> (accepted: [(pending: UInt64, result: AppendResult)], refused: [RefusedCommit]) {
        var accepted: [(pending: UInt64, result: AppendResult)] = []
        var refused: [RefusedCommit] = []
        var unsent = try core.environment.read { txn in try PendingQueue.existing(core, txn)?.commitIDs() ?? [] }[...]
        var limit = Self.commitsPerWrite
        while !unsent.isEmpty {
            let group = Array(unsent.prefix(limit))
            let outcome = try send(group)
            accepted += outcome.accepted
            if let refusal = outcome.refusal, refusal.index > 0 {
                // The commits before the refused one go in a write of their own, then it is refused alone.
                limit = refusal.index
                continue
            }
            unsent.removeFirst(outcome.refusal == nil ? group.count : 1)
            if let refusal = outcome.refusal, let commit = try refuse(group[0], because: refusal.error) { refused.append(commit) }
            limit = Self.commitsPerWrite
        }
        try core.writer.writeOutsideLog { txn in
            guard let queue = try PendingQueue.existing(core, txn) else { return }
            _ = try queue.madeStager()
            try queue.deleteIfEmpty()
        }
        return (accepted, refused)
    }

    /// Sends the pending commits `ids` as one write through the primary, each its own commit,
    /// skipping any no longer pending (discarded meanwhile). When the primary refuses one,
    /// nothing is written, and the refusal says which (its index in `ids`) and why.
    private func send(_ ids: [UInt64]) throws -> (accepted: [(pending: UInt64, result: AppendResult)], refusal: (index: Int, error: LedgerError)?) {
        var refusal: (index: Int, error: LedgerError)?
        do {
            let accepted = try core.writer.commit { txn, now in
                refusal = nil
                guard let queue = try PendingQueue.existing(core, txn) else { return [(pending: UInt64, result: AppendResult)]() }
                let appender = core.writer.appender(in: txn)
                var accepted: [(pending: UInt64, result: AppendResult)] = []
                for (index, id) in ids.enumerated() {
                    guard let commit = try? queue.commit(id) else { continue }
                    do {
                        accepted.append((id, try appender.append(try queue.events(of: commit), mode: .strict, recordedAt: now)))
                    } catch let error as LedgerError where PendingQueue.isRefusal(error) && !error.isPrimaryUnreachable {
                        refusal = (index, error)
                        throw error
                    }
                    try queue.remove(commit)
                }
                return accepted
            }
            return (accepted, nil)
        } catch let error as LedgerError where refusal != nil && !error.isPrimaryUnreachable {
            return ([], refusal)
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
