/// The read models as stored in the ledger file, read and written inside one transaction.
///
/// A write adds a version of the row at the position of the event being applied (a
/// removal adds a version saying so); reads see the latest versions. Past states are
/// read from the same versions by `HistoricalProjectionState`.
final class StoredProjectionState: ProjectionWriter {
    private let txn: Transaction
    private let latest: HistoricalProjectionState
    /// The position of the event being applied; versions are written at it.
    var position: UInt64 = 0

    init(_ txn: Transaction, tables: [ProjectionTable: Table]) {
        self.txn = txn
        latest = HistoricalProjectionState(txn: txn, tables: tables, position: StoredRow.newestPosition)
    }

    func row(_ table: ProjectionTable, _ key: StateKey) throws -> StateRow? {
        try latest.row(table, key)
    }

    func forEach(_ table: ProjectionTable, prefix: StateKey, _ body: (StateKey, StateRow) throws -> Bool) throws {
        try latest.forEach(table, prefix: prefix, body)
    }

    func set(_ table: ProjectionTable, _ key: StateKey, _ row: StateRow) throws {
        let encoded = key.encoded()
        let storedKey = StoredRow.storedKey(encoded)
        try txn.put(try latest.versions(table), StoredRow.historyKey(storedKey, position: position), StoredRow.value(row, encodedKey: encoded))
    }

    func remove(_ table: ProjectionTable, _ key: StateKey) throws {
        let encoded = key.encoded()
        let storedKey = StoredRow.storedKey(encoded)
        guard try latest.version(table, storedKey, { $0.map(StoredRow.isPresent) ?? false }) else { return }
        try txn.put(try latest.versions(table), StoredRow.historyKey(storedKey, position: position), StoredRow.value(nil, encodedKey: encoded))
    }
}
