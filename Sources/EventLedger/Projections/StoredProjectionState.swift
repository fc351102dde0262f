/// The read models as stored in the ledger file, read and written inside one transaction.
///
/// Every write also records the row's new value (or its removal) in the table's history,
/// keyed by the position of the event being applied, so past states can be read
/// (`HistoricalProjectionState`).
final class StoredProjectionState: ProjectionWriter {
    private let txn: Transaction
    private let tables: [ProjectionTable: ProjectionTables]
    /// The position of the event being applied; history rows are written at it.
    var position: UInt64 = 0

    init(_ txn: Transaction, tables: [ProjectionTable: ProjectionTables]) {
        self.txn = txn
        self.tables = tables
    }

    private func stored(_ table: ProjectionTable) -> ProjectionTables {
        guard let stored = tables[table] else { preconditionFailure("unknown projection table \(table.name)") }
        return stored
    }

    func row(_ table: ProjectionTable, _ key: StateKey) throws -> StateRow? {
        guard let bytes = try txn.get(stored(table).current, StoredRow.storedKey(key.encoded())) else { return nil }
        return try StoredRow.row(bytes)
    }

    func forEach(_ table: ProjectionTable, prefix: StateKey, _ body: (StateKey, StateRow) throws -> Bool) throws {
        try txn.withCursor(stored(table).current) { cursor in
            try cursor.scan(prefix: prefix.encoded(asPrefix: true)) { entry in
                let (key, row) = try StoredRow.decode(key: entry.key, value: entry.value)
                return try body(key, row ?? [])
            }
        }
    }

    func set(_ table: ProjectionTable, _ key: StateKey, _ row: StateRow) throws {
        let tables = stored(table)
        let encoded = key.encoded()
        let storedKey = StoredRow.storedKey(encoded)
        let value = StoredRow.value(row, encodedKey: encoded)
        try txn.put(tables.current, storedKey, value)
        try txn.put(tables.history, StoredRow.historyKey(storedKey, position: position), value)
    }

    func remove(_ table: ProjectionTable, _ key: StateKey) throws {
        let tables = stored(table)
        let encoded = key.encoded()
        let storedKey = StoredRow.storedKey(encoded)
        guard try txn.delete(tables.current, storedKey) else { return }
        try txn.put(tables.history, StoredRow.historyKey(storedKey, position: position), StoredRow.value(nil, encodedKey: encoded))
    }
}
