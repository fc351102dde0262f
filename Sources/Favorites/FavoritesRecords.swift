import EventLedger

/// A current favourite as stored in `favorites`.
struct FavoriteRecord: Codable, Sendable, Equatable {
    /// When the dish was favourited.
    var addedAt: Timestamp
    /// The position of its `FavoriteAdded`, its key in `favoritesByPosition`.
    var position: UInt64
}
