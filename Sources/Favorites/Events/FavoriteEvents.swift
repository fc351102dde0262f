import EventLedger

/// A dish becomes a favourite; it must not be one already.
public struct FavoriteAdded: EntityEvent, Equatable {
    /// The favourite's stream, `favorite-⟨dishId⟩`.
    public static let entity = EventEntity(FavoritesTables.favorites, id: \Self.dishId)
    /// The dish's id.
    @ID public var dishId: String
    /// A `FavoriteAdded` event.
    public init(dishId: String) { self.dishId = dishId }
}

/// A dish stops being a favourite; it must be one.
public struct FavoriteRemoved: EntityEvent, Equatable {
    /// The favourite's stream, `favorite-⟨dishId⟩`.
    public static let entity = EventEntity(FavoritesTables.favorites, id: \Self.dishId)
    /// The dish's id.
    @ID public var dishId: String
    /// A `FavoriteRemoved` event.
    public init(dishId: String) { self.dishId = dishId }
}

/// The events of the favourites domain.
public enum FavoritesEvent: Sendable, Equatable {
    /// A dish becomes a favourite, or stops being one.
    case added(FavoriteAdded), removed(FavoriteRemoved)
    /// A favourite returns to an earlier state: what undo appended in earlier versions.
    case restored(FavoriteRestored)
}
