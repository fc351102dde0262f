import EventLedger

/// The tables of the `favorites` read model.
enum FavoritesTables {
    /// The read model's name, prefix of its tables.
    static let projection = "favorites"

    /// `dishId` → `[addedAt µs, position]`: the current favourites.
    static let favorites = table("favorites")
    /// `(position, zero-padded to 20 digits)` → `[dishId, addedAt µs]`: the current
    /// favourites in the order they were added.
    static let favoritesByPosition = table("favorites-by-position")

    /// Every table of the read model.
    static let all = [favorites, favoritesByPosition]

    /// The key of a favourite added at `position` in `favoritesByPosition`; zero-padded so
    /// that keys sort by number.
    static func positionKey(_ position: UInt64) -> StateKey {
        let digits = String(position)
        return StateKey(String(repeating: "0", count: 20 - digits.count) + digits)
    }

    /// The timestamp stored in a row field of `table`.
    static func timestamp(_ field: String, in table: ProjectionTable) throws -> Timestamp {
        guard let microseconds = Int64(field) else { throw malformedRow(in: table) }
        return Timestamp(microseconds: microseconds)
    }

    /// The error for a row that does not have the shape its table stores.
    static func malformedRow(in table: ProjectionTable) -> LedgerError {
        LedgerError(.corruption, "malformed row in read-model table \(table.name)")
    }

    private static func table(_ name: String) -> ProjectionTable {
        ProjectionTable(projection: projection, table: name)
    }
}
