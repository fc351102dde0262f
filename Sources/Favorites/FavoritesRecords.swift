import EventLedger

/// A current favourite as stored in `favorites`.
struct FavoriteRecord {
    var addedAt: Timestamp
    var position: UInt64

    init(addedAt: Timestamp, position: UInt64) {
        self.addedAt = addedAt
        self.position = position
    }

    init(_ row: StateRow) throws {
        let table = FavoritesTables.favorites
        guard row.count == 2, let position = UInt64(row[1]) else { throw FavoritesTables.malformedRow(in: table) }
        try self.init(addedAt: FavoritesTables.timestamp(row[0], in: table), position: position)
    }

    var row: StateRow { [String(addedAt.microseconds), String(position)] }
}

/// The current favourite `dishId`, or nil when it is not one.
func favorite(_ dishId: String, in state: any ProjectionReader) throws -> FavoriteRecord? {
    try state.row(FavoritesTables.favorites, StateKey(dishId)).map(FavoriteRecord.init)
}
