import EventLedger

/// The tables of the `favorites` read model.
enum FavoritesTables {
    /// The read model's name.
    static let readModel = "favorites"

    /// A favourite in `favoritesByPosition`.
    struct PositionRow: Codable, Sendable {
        var dishId: String
        var addedAt: Timestamp
    }

    /// `dishId` → the current favourites.
    static let favorites = ReadModelTable<String, FavoriteRecord>(readModel: readModel, name: "favorites")
    /// The position of its `FavoriteAdded` → the current favourites in the order they were added.
    static let favoritesByPosition = ReadModelTable<UInt64, PositionRow>(readModel: readModel, name: "favorites-by-position")

    /// Every table of the read model.
    static let all: [any DeclaredTable] = [favorites, favoritesByPosition]
}
