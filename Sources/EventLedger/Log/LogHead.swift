/// The end of the log: what the next append continues from.
struct LogHead {
    var position: UInt64 = 0
    var commit: UInt64 = 0
    var recordedAt = Timestamp(microseconds: 0)
    var hash = EventRecord.zeroHash

    /// Reads the last record of the log (an empty log gives the zero head).
    init(_ txn: Transaction, _ tables: LedgerTables) throws {
        try txn.withCursor(tables.log) { cursor in
            guard let last = try cursor.last() else { return }
            let record = try EventRecordView(last.value, position: LedgerTables.readBigEndian(last.key))
            position = record.position
            commit = record.commit
            recordedAt = record.recordedAt
            hash = Array(record.hash)
        }
    }
}
