import EventLedger

/// A current favourite as stored in `favorites`.
struct FavoriteRecord: Codable, Sendable, Equatable {
    /// When the dish was favourited.
    var addedAt: Timestamp
    /// The position of its `FavoriteAdded`, its key in `favoritesByPosition`.
    var position: UInt64
}

// The row written on every favourite event, stored through its own fields rather than
// `Codable`'s containers; the bytes are the same.
extension FavoriteRecord: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) { (addedAt, position) = (try fields.read(), try fields.read()) }
    func write(to fields: FieldWriter) { fields.write(addedAt); fields.write(position) }
}
