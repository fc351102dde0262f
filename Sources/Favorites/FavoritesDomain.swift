import EventLedger

/// The favourites domain: dishes favourited and unfavourited, at most once at a
/// time, and the `favorites` read model with its query `favorites`.
public struct FavoritesDomain: LedgerDomain {
    /// The favourites domain.
    public init() {}

    /// Version 2 stores keys and rows in the ledger's typed binary form.
    public var readModelVersion: Int { 2 }

    /// `favorites`.
    public var readModelName: String { FavoritesTables.readModel }

    /// `FavoriteAdded` and `FavoriteRemoved`.
    public var events: [EventCase<FavoritesEvent>] { FavoritesEvent.cases }

    /// The tables of the `favorites` read model.
    public var tables: [any DeclaredTable] { FavoritesTables.all }

    /// `favorites`.
    public var queries: [QueryDefinition] { [FavoritesQueryDefinitions.favorites] }
}
