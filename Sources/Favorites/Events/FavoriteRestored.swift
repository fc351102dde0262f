import EventLedger

/// A favourite returns to an earlier state, as undo appended it in earlier versions (it now
/// appends the ledger's `EntityRestored`): a favourite added at `addedAt` at `position`, or,
/// with neither, not a favourite.
public struct FavoriteRestored: EntityEvent, Equatable {
    /// The favourite's stream, `favorite-⟨dishId⟩`.
    public static let entity = EventEntity(FavoritesTables.favorites, id: \Self.dishId)
    /// The dish's id.
    @ID public var dishId: String
    /// When the favourite was added, or nil (with `position`) for no favourite.
    public var addedAt: Timestamp?
    /// The log position of the favourite's `FavoriteAdded`, which orders the favourites, or
    /// nil (with `addedAt`) for no favourite.
    public var position: UInt64?

    /// A `FavoriteRestored` event.
    public init(dishId: String, addedAt: Timestamp?, position: UInt64?) {
        (self.dishId, self.addedAt, self.position) = (dishId, addedAt, position)
    }

    /// Checks that `addedAt` and `position` are both present or both absent, naming the
    /// missing one, and that a position is a log position (from 1).
    public func validate() throws(LedgerError) {
        try FieldRules.require(position, in: 1...UInt64.max, field: "position")
        switch (addedAt, position) {
        case (nil, .some):
            throw LedgerError.invalidField("addedAt", "missing: a favourite restored at a position has a time it was added")
        case (.some, nil):
            throw LedgerError.invalidField("position", "missing: a favourite restored with a time it was added has a position")
        default:
            break
        }
    }
}
