import EventLedger

/// A current favourite as the `favorites` query lists it.
public struct FavoriteDish: Sendable, Equatable {
    /// The dish's id.
    public let dishId: String
    /// When the dish was favourited (the commit time of its `FavoriteAdded`).
    public let addedAt: Timestamp
    /// The log position of its `FavoriteAdded`.
    public let position: UInt64

    /// A favourite dish.
    public init(dishId: String, addedAt: Timestamp, position: UInt64) {
        self.dishId = dishId
        self.addedAt = addedAt
        self.position = position
    }
}

extension FavoriteDish: Encodable {
    private enum CodingKeys: String, CodingKey {
        case dishId, addedAt, position
    }

    /// Encodes the dish's id, when it was favourited as its ISO-8601 text (as
    /// `Timestamp.description` writes it), and its position, in that order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(dishId, forKey: .dishId)
        try container.encode(addedAt.description, forKey: .addedAt)
        try container.encode(position, forKey: .position)
    }
}

/// The query over the `favorites` read model, typed.
public enum FavoritesQueries {
    /// The current favourites in the order they were added, oldest first.
    ///
    /// Pass the reader of `Ledger.read { }`, or any other (past position, session preview).
    public static func favorites(in readModel: ReadModelReader) throws(LedgerError) -> [FavoriteDish] {
        try readModel.rows(FavoritesTables.favorites, index: FavoritesTables.favoritesByPosition).map { entry in
            FavoriteDish(dishId: entry.key, addedAt: entry.row.addedAt, position: entry.row.position)
        }
    }
}
