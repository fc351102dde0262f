import EventLedger

/// The `ledger query` form of `FavoritesQueries`: JSON (`--json`) and a readable table.
enum FavoritesQueryDefinitions {
    static let favorites = QueryDefinition(
        name: "favorites", summary: "favourite dishes in the order they were added"
    ) { _, state in
        try QueryResult(rows: FavoritesQueries.favorites(in: state))
    }
}
