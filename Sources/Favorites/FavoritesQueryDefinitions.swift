import EventLedger

/// The `ledger query` form of `FavoritesQueries`: JSON (`--json`) and a readable table.
enum FavoritesQueryDefinitions {
    static let favorites = QueryDefinition(
        name: "favorites", summary: "favourite dishes in the order they were added"
    ) { _, state in
        let favorites = try FavoritesQueries.favorites(in: state)
        return QueryResult(
            json: .array(
                favorites.map { favorite in
                    .object([
                        "dishId": .string(favorite.dishId), "addedAt": .string(favorite.addedAt.description),
                        "position": .int(Int64(favorite.position)),
                    ])
                }),
            columns: ["DISH ID", "ADDED AT", "POSITION"],
            rows: favorites.map { [$0.dishId, $0.addedAt.description, String($0.position)] })
    }
}
