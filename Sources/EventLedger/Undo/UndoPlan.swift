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
        try ledger.core.writer.preview(events, body)
    }

    /// Runs the query called `name` on the preview.
    public func query(_ name: String, _ input: QueryDefinition.Input = .init()) throws(LedgerError) -> QueryResult {
        try LedgerError.typed {
            let definition = try ledger.core.queryDefinition(name)
            return try preview { state in try definition.run(input, state) }
        }
    }

    /// Appends the undo, worked out again against the ledger as it is then (see `Ledger.undo(commit:)`).
    @discardableResult
    public func commit() throws(LedgerError) -> AppendResult? {
        try ledger.undo(commit: undoing)
    }
}
