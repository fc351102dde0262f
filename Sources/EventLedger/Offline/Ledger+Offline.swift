extension Ledger {
    /// This replica's pending commits, in the order they were queued: written while the
    /// primary could not be reached, shown by reads, and sent by the next sync.
    public func pendingCommits() throws(LedgerError) -> [PendingCommit] {
        try LedgerError.typed { try core.environment.read { txn in try PendingQueue.existing(core, txn)?.pending() ?? [] } }
    }

    /// The pending commits the primary refused, in the order they were queued, each with why.
    public func refusedCommits() throws(LedgerError) -> [RefusedCommit] {
        try LedgerError.typed { try core.environment.read { txn in try PendingQueue.existing(core, txn)?.refused() ?? [] } }
    }

    /// Drops pending commit `id` without sending it: its edits leave this replica's reads, and
    /// pending commits after it are checked again without it. Returns it; `.notFound` when
    /// no pending commit has that number.
    @discardableResult
    public func discardPending(_ id: UInt64) throws(LedgerError) -> PendingCommit {
        try LedgerError.typed {
            try core.writer.writeOutsideLog { txn in
                let queue = try requireQueue(txn, id: id, "pending")
                let commit = try queue.commit(id)
                let discarded = try queue.pendingCommit(commit)
                try queue.remove(commit)
                _ = try queue.madeStager()
                try queue.deleteIfEmpty()
                return discarded
            }
        }
    }

    /// Forgets refused commit `id`. Returns it; `.notFound` when no refused commit has that number.
    @discardableResult
    public func discardRefused(_ id: UInt64) throws(LedgerError) -> RefusedCommit {
        try LedgerError.typed {
            try core.writer.writeOutsideLog { txn in
                let queue = try requireQueue(txn, id: id, "refused")
                let refused = try queue.removeRefused(id)
                try queue.deleteIfEmpty()
                return refused
            }
        }
    }

    /// Queues the events of refused commit `id` again, as a new pending commit checked against
    /// this replica's state as a write is (a refusal now throws, and the commit stays
    /// refused); the next sync sends it. Returns the new pending commit's number.
    @discardableResult
    public func retryRefused(_ id: UInt64) throws(LedgerError) -> UInt64 {
        try LedgerError.typed {
            try core.writer.writeOutsideLog { txn in
                let queue = try requireQueue(txn, id: id, "refused")
                let refused = try queue.removeRefused(id)
                return try queue.enqueue(refused.events, at: .now()).id
            }
        }
    }

    /// The queue of `txn`, a write; `.notFound` about the `kind` commit `id` when there is none.
    private func requireQueue(_ txn: Transaction, id: UInt64, _ kind: String) throws -> PendingQueue {
        guard let queue = try PendingQueue.existing(core, txn) else {
            throw LedgerError(.notFound, "no \(kind) commit \(id)", subject: String(id))
        }
        return queue
    }
}
