/// One kind of entity whose changes can be undone: how its state is read from the read
/// model, and the event that returns it to a state read earlier.
///
/// A domain lists its kinds in `LedgerDomain.undoableEntities`, kinds that others refer to
/// first (artists before songs): undo brings those back before what refers to them, and
/// removes them after.
///
/// The favourites domain's one kind, whose restoring event brings a dish back as a favourite
/// with its time and position, or removes it for nil:
///
/// ```swift
/// UndoableEntity(
///     streamPrefix: "favorite-",
///     state: { dishId, readModel throws(LedgerError) in try readModel.row(FavoritesTables.favorites, dishId) }
/// ) { dishId, favorite in
///     FavoriteRestored(dishId: dishId, addedAt: favorite?.addedAt, position: favorite?.position)
/// }
/// ```
public struct UndoableEntity: Sendable {
    /// What the kind's streams start with, e.g. `artist-`; the entity's id follows it.
    public let streamPrefix: String
    /// Whether the entity is in the same state in both read models.
    let sameState: @Sendable (_ id: String, ReadModelReader, ReadModelReader) throws(LedgerError) -> Bool
    /// Whether the entity exists, and is not deleted, in the read model.
    let exists: @Sendable (_ id: String, ReadModelReader) throws(LedgerError) -> Bool
    /// The event that returns the entity to its state in the read model.
    let restoration: @Sendable (_ id: String, ReadModelReader) throws(LedgerError) -> PendingEvent

    /// A kind of entity whose streams are `streamPrefix` followed by the entity's id.
    ///
    /// - Parameters:
    ///   - streamPrefix: what the kind's streams start with, e.g. `artist-`.
    ///   - state: everything the read model shows of the entity (names, links, counts), or
    ///     nil when it does not exist or is deleted. A later commit that changes it makes an
    ///     earlier commit that changed the entity impossible to undo.
    ///   - restore: the event that returns the entity to `state`, removing it for nil.
    public init<State: Equatable & Sendable, Restoring: DomainEvent>(
        streamPrefix: String,
        state: @escaping @Sendable (_ id: String, _ readModel: ReadModelReader) throws(LedgerError) -> State?,
        restore: @escaping @Sendable (_ id: String, _ state: State?) -> Restoring
    ) {
        self.streamPrefix = streamPrefix
        sameState = { id, first, second throws(LedgerError) in try state(id, first) == state(id, second) }
        exists = { id, readModel throws(LedgerError) in try state(id, readModel) != nil }
        restoration = { id, readModel throws(LedgerError) in PendingEvent(restore(id, try state(id, readModel))) }
    }
}

extension UndoableEntity {
    /// The entities of a table of entities: their state is their row as stored and the rows
    /// referring to them, and the ledger's `EntityRestored` returns the row.
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
