/// What a form session's overlay was made on: the head of the log its staged events were
/// applied on top of, the time they are dated (as one commit made then), how many of them
/// were applied (a retry of an event already in the log or the session takes no position),
/// and the read models it was made for (`readModels`). Stored as the big-endian position,
/// time in microseconds and count, then the read models' description.
struct OverlayBase {
    let position: UInt64
    var recordedAt: Timestamp
    var applied: UInt64
    let readModels: [UInt8]

    init(position: UInt64, recordedAt: Timestamp, readModels: [UInt8]) {
        self.position = position
        self.recordedAt = recordedAt
        applied = 0
        self.readModels = readModels
    }

    /// The base stored as `bytes` for session `id`.
    init(id: String, bytes: UnsafeRawBufferPointer) throws {
        guard bytes.count >= 24 else { throw SessionHeader.unreadable(id) }
        position = LedgerTables.readBigEndian(bytes)
        recordedAt = Timestamp(microseconds: Int64(bitPattern: LedgerTables.readBigEndian(bytes, at: 8)))
        applied = LedgerTables.readBigEndian(bytes, at: 16)
        readModels = Array(bytes.dropFirst(24))
    }

    /// The stored form.
    var encoded: [UInt8] {
        LedgerTables.bigEndian(position) + LedgerTables.bigEndian(UInt64(bitPattern: recordedAt.microseconds))
            + LedgerTables.bigEndian(applied) + readModels
    }

    /// The position the next applied staged event takes (wrapping around in a damaged base).
    var nextPosition: UInt64 { position &+ applied &+ 1 }

    /// The description of the read models of `catalog` whose tables are `tables`, in the
    /// order the overlay numbers them: each domain's read model and its version, then each
    /// table. An overlay made for other read models (a domain's new version rebuilt them, or
    /// other domains are plugged in) holds rows they do not read, under other numbers.
    static func readModels(_ catalog: EventCatalog, numbering tables: [TableName]) -> [UInt8] {
        let domains = catalog.domains.map { "\($0.readModelName) \($0.readModelVersion)" }.sorted()
        return Array((domains + tables.map(\.name)).joined(separator: "\n").utf8)
    }
}
