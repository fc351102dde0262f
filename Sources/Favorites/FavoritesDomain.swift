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

    /// `FavoriteAdded`, `FavoriteRemoved` and `FavoriteRestored`.
    public var events: [EventCase<FavoritesEvent>] { FavoritesEvent.cases }

    /// The tables of the `favorites` read model.
    public var tables: [any DeclaredTable] { FavoritesTables.all }

    /// `favorites`.
    public var queries: [QueryDefinition] { [FavoritesQueryDefinitions.favorites] }

    /// Favourites: every favourites commit can be undone, returning a dish to being a
    /// favourite with its time and position, or to not being one.
    public var undoableEntities: [UndoableEntity] {
        [
            UndoableEntity(
                streamPrefix: FavoritesStreams.favorite(""),
                state: { dishId, readModel throws(LedgerError) in
                    try readModel.row(FavoritesTables.favorites, dishId)
                }
            ) { dishId, favorite in
                FavoriteRestored(dishId: dishId, addedAt: favorite?.addedAt, position: favorite?.position)
            }
        ]
    }
}
