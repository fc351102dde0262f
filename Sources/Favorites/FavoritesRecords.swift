import EventLedger

/// A current favourite as stored in `favorites`.
struct FavoriteRecord: Codable, Sendable, Equatable {
    var addedAt: Timestamp
    var position: UInt64
}
