/// The undo of a commit, worked out but not appended: the events it would append, and the
/// read models as they would be after them.
public struct UndoPlan: Sendable {
    /// The ledger the commit belongs to.
    public let ledger: Ledger
    /// The commit to undo.
    public let undoing: UInt64
    /// The events undoing it, as one commit: one per entity the commit changed, returning it
    /// to its state just before the commit. Empty when the commit changed nothing undo can return.
    public let events: [PendingEvent]

    /// Runs `body` on the read models as if the undo were committed; nothing is written.
    public func preview<T>(_ body: (ReadModelReader) throws -> T) throws -> T {
        try ledger.preview(events, body)
    }

    /// Runs the query called `name` on the preview.
    public func query(_ name: String, _ input: QueryDefinition.Input = .init()) throws(LedgerError) -> QueryResult {
        try LedgerError.typed {
            let definition = try ledger.queryDefinition(name)
            return try preview { state in try definition.run(input, state) }
        }
    }

    /// Appends the undo, worked out again against the ledger as it is then (see `Ledger.undo(commit:)`).
    @discardableResult
    public func commit() throws(LedgerError) -> AppendResult? {
        try ledger.undo(commit: undoing)
    }
}

extension Ledger {
    /// Works out the undo of `commit` without appending anything, for a preview.
    ///
    /// Fails as `undo(commit:)` does when it cannot be undone.
    public func planUndo(of commit: UInt64) throws(LedgerError) -> UndoPlan {
        try LedgerError.typed {
            try environment.read { txn in
                UndoPlan(ledger: self, undoing: commit, events: try UndoPlanner(ledger: self, txn: txn).events(undoing: commit))
            }
        }
    }

    /// Appends one commit that returns every entity `commit` changed (its events' and those
    /// they affected, such as a cascade's) to its state just before that commit. Its events
    /// carry the metadata `undoes: commit`; undoing that commit in turn redoes.
    ///
    /// Returns nil, appending nothing, when the commit changed nothing undo can return.
    /// Fails with `.notFound` for a commit that does not exist; with `.conflict` naming the
    /// later commit when one changed an entity since; with `.ruleViolation` when restoring
    /// breaks a rule now (a name taken since) or an entity is of no undoable kind.
    @discardableResult
    public func undo(commit: UInt64) throws(LedgerError) -> AppendResult? {
        try LedgerError.typed {
            try environment.requireNoWriteOnThisThread()
            return try writer.commit { txn, now in
                let events = try UndoPlanner(ledger: self, txn: txn).events(undoing: commit)
                guard !events.isEmpty else { return nil }
                do {
                    return try writer.appender(in: txn).append(events, mode: .strict, recordedAt: now)
                } catch var error as LedgerError {
                    error.eventIndex = nil
                    throw error.prefixed("commit \(commit) cannot be undone")
                }
            }
        }
    }

    /// Runs `body` on the read models as if `events` were appended, in a write transaction
    /// that is rolled back.
    func preview<T>(_ events: [PendingEvent], _ body: (ReadModelReader) throws -> T) throws -> T {
        try writer.rehearse { txn in
            if !events.isEmpty {
                _ = try writer.appender(in: txn).append(events, mode: .strict)
            }
            return try body(ReadModelReader(StoredReadModel(txn, tables: tables.readModels)))
        }
    }
}
