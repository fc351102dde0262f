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
        try changingQueue(about: id, "pending") { queue in
            let commit = try queue.commit(id)
            let discarded = try queue.pendingCommit(commit)
            try queue.remove(commit)
            _ = try queue.madeStager()
            return discarded
        }
    }

    /// Forgets refused commit `id`. Returns it; `.notFound` when no refused commit has that number.
    @discardableResult
    public func discardRefused(_ id: UInt64) throws(LedgerError) -> RefusedCommit {
        try changingQueue(about: id, "refused") { queue in try queue.removeRefused(id) }
    }

    /// Queues the events of refused commit `id` again, as a new pending commit checked against
    /// this replica's state as a write is (a refusal now throws, and the commit stays
    /// refused); the next sync sends it. Returns the new pending commit's number.
    @discardableResult
    public func retryRefused(_ id: UInt64) throws(LedgerError) -> UInt64 {
        try changingQueue(about: id, "refused") { queue in try queue.enqueue(try queue.removeRefused(id).events, at: .now()).id }
    }

    /// Runs `change` on the queue in a write transaction of its own, then deletes the queue if
    /// it holds nothing any more; `.notFound` about the `kind` commit `id` when there is no queue.
    private func changingQueue<T>(about id: UInt64, _ kind: String, _ change: (PendingQueue) throws -> T) throws(LedgerError) -> T {
        try LedgerError.typed {
            try core.writer.writeOutsideLog { txn in
                guard let queue = try PendingQueue.existing(core, txn) else {
                    throw LedgerError(.notFound, "no \(kind) commit \(id)", subject: String(id))
                }
                let changed = try change(queue)
                try queue.deleteIfEmpty()
                return changed
            }
        }
    }
}
