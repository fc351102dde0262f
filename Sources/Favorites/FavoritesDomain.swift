import EventLedger

/// The favourites domain: dishes favourited and unfavourited, at most once at a
/// time, and the `favorites` read model with its query `favorites`.
public struct FavoritesDomain: LedgerDomain {
    /// The favourites domain.
    public init() {}

    /// `favorites`.
    public var projectionName: String { FavoritesTables.projection }

    /// `FavoriteAdded` and `FavoriteRemoved`.
    public var eventTypes: [any DomainEvent.Type] { [FavoriteAdded.self, FavoriteRemoved.self] }

    /// The tables of the `favorites` read model.
    public var tables: [ProjectionTable] { FavoritesTables.all }

    /// `favorites`.
    public var queries: [QueryDefinition] { [FavoritesQueryDefinitions.favorites] }
}
