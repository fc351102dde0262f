import EventLedger

/// The favourites domain: dishes favourited and unfavourited, at most once at a
/// time, and the `favorites` read model with its query `favorites`.
public struct FavoritesDomain: LedgerDomain {
    /// The favourites domain.
    public init() {}

    /// Version 3 keeps the favourite rows, ordered by a declared index in place of the
    /// hand-kept table by position, and the position of the latest favourite added, which a
    /// restored favourite's must not be after (version 2 stored keys and rows in the ledger's
    /// typed binary form).
    public var readModelVersion: Int { 3 }

    /// `favorites`.
    public var readModelName: String { FavoritesTables.readModel }

    /// `FavoriteAdded`, `FavoriteRemoved` and `FavoriteRestored`.
    public var events: [EventCase<FavoritesEvent>] { FavoritesEvent.cases }

    /// The tables of the `favorites` read model.
    public var tables: [any DeclaredTable] { FavoritesTables.all }

    /// `favorites`.
    public var queries: [QueryDefinition] { [FavoritesQueryDefinitions.favorites] }
}
