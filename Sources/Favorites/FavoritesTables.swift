import EventLedger

/// The tables of the `favorites` read model.
enum FavoritesTables {
    /// The read model's name.
    static let readModel = "favorites"

    /// The current favourites by the position of their `FavoriteAdded`: the order they were
    /// added, no two at one position.
    static let favoritesByPosition = TableIndex<FavoriteRecord>(
        "by-position", unique: true, rule: "favourite position must not be held by another dish"
    ) { favorite in favorite.position }
    /// `dishId` → the current favourites; the streams of favourites are `favorite-⟨dishId⟩`.
    static let favorites = ReadModelTable<String, FavoriteRecord>(
        readModel: readModel, name: "favorites", entityStream: "favorite-", indexes: [favoritesByPosition])

    /// The position of the latest `FavoriteAdded`, the one row under `latestAddedKey`: a
    /// restored favourite's position is not after it, so no later favourite takes it.
    static let latestAdded = ReadModelTable<String, UInt64>(readModel: readModel, name: "latest-added")
    /// The key of the one row of `latestAdded`.
    static let latestAddedKey = "position"
}
