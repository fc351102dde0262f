/// The read models as stored in the ledger file, read and written inside one transaction.
///
/// A write adds a version of the row at the position of the event being applied (a
/// removal adds a version saying so); reads see the latest versions. Past states are
/// read from the same versions by `HistoricalReadModel`.
final class StoredReadModel: RowStoreWriting {
    private let txn: Transaction
    private let latest: HistoricalReadModel
    /// The position of the event being applied; versions are written at it.
    var position: UInt64 = 0

    init(_ txn: Transaction, tables: [TableName: Table]) {
        self.txn = txn
        latest = HistoricalReadModel(txn: txn, tables: tables, position: StoredRow.newestPosition)
    }

    func withValue<T>(_ table: TableName, key: [UInt8], _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T {
        try latest.withValue(table, key: key, body)
    }

    var scratch: BinaryScratch { latest.scratch }

    func values(_ table: TableName, prefix: [UInt8]) throws -> [(key: [UInt8], value: [UInt8])] {
        try latest.values(table, prefix: prefix)
    }

    func set(_ table: TableName, key encoded: [UInt8], value row: [UInt8]) throws {
        let storedKey = StoredRow.storedKey(encoded)
        try txn.put(try latest.versions(table), StoredRow.historyKey(storedKey, position: position), StoredRow.value(row, encodedKey: encoded))
    }

    func remove(_ table: TableName, key encoded: [UInt8]) throws {
        let storedKey = StoredRow.storedKey(encoded)
        guard try latest.version(table, storedKey, { $0.map(StoredRow.isPresent) ?? false }) else { return }
        try txn.put(try latest.versions(table), StoredRow.historyKey(storedKey, position: position), StoredRow.value(nil, encodedKey: encoded))
    }
}
