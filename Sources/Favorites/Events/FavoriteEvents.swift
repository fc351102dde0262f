import EventLedger

/// A dish becomes a favourite; it must not be one already.
public struct FavoriteAdded: DomainEvent, Equatable {
    /// The dish's id.
    @ID public var dishId: String

    /// A `FavoriteAdded` event.
    public init(dishId: String) {
        self.dishId = dishId
    }

    /// `favorite-⟨dishId⟩`.
    public var stream: String { FavoritesStreams.favorite(dishId) }
}

/// A dish stops being a favourite; it must be one.
public struct FavoriteRemoved: DomainEvent, Equatable {
    /// The dish's id.
    @ID public var dishId: String

    /// A `FavoriteRemoved` event.
    public init(dishId: String) {
        self.dishId = dishId
    }

    /// `favorite-⟨dishId⟩`.
    public var stream: String { FavoritesStreams.favorite(dishId) }
}

/// The events of the favourites domain.
public enum FavoritesEvent: Sendable, Equatable {
    /// A dish becomes a favourite.
    case added(FavoriteAdded)
    /// A dish stops being a favourite.
    case removed(FavoriteRemoved)
    /// A favourite returns to an earlier state (undo).
    case restored(FavoriteRestored)

    /// Each event type with its case.
    static let cases: [EventCase<FavoritesEvent>] = [
        EventCase(FavoriteAdded.self, as: FavoritesEvent.added),
        EventCase(FavoriteRemoved.self, as: FavoritesEvent.removed),
        EventCase(FavoriteRestored.self, as: FavoritesEvent.restored),
    ]
}
