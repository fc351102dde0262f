/// One kind of entity whose changes can be undone, as the undo planner reads it: the entities
/// of a table of entities. Their state is their row as stored and the rows referring to them
/// (`Referrers`); the ledger's `EntityRestored` returns the row. Kinds are ordered as the
/// domains list their tables, those others refer to first.
struct UndoableEntity: Sendable {
    /// What the kind's streams start with, e.g. `artist-`; the entity's id follows it.
    let streamPrefix: String
    /// Whether the entity is in the same state in both read models.
    let sameState: @Sendable (_ id: String, ReadModelReader, ReadModelReader) throws(LedgerError) -> Bool
    /// Whether the entity has a row in the read model.
    let exists: @Sendable (_ id: String, ReadModelReader) throws(LedgerError) -> Bool
    /// The event that returns the entity to its state in the read model.
    let restoration: @Sendable (_ id: String, ReadModelReader) throws(LedgerError) -> PendingEvent

    /// The entities of `table`.
    init(_ table: EntityTableAccess) {
        streamPrefix = table.streamPrefix
        sameState = { id, first, second throws(LedgerError) in
            guard try table.storedRow(id, first) == table.storedRow(id, second) else { return false }
            for referrers in table.referrers where try referrers.entries(id, first) != referrers.entries(id, second) { return false }
            return true
        }
        exists = { id, readModel throws(LedgerError) in try table.storedRow(id, readModel) != nil }
        restoration = { id, readModel throws(LedgerError) in
            PendingEvent(EntityRestored(entity: table.streamPrefix + id, table: table.tableName, row: try table.rowJSON(id, readModel)))
        }
    }
}
