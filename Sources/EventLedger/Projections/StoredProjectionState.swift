/// The read models as stored in the ledger file, read and written inside one transaction.
final class StoredProjectionState: ProjectionWriter {
    private let txn: Transaction
    private let tables: [ProjectionTable: Table]

    init(_ txn: Transaction, tables: [ProjectionTable: Table]) {
        self.txn = txn
        self.tables = tables
    }

    private func table(_ table: ProjectionTable) -> Table {
        guard let stored = tables[table] else { preconditionFailure("unknown projection table \(table.name)") }
        return stored
    }

    func row(_ table: ProjectionTable, _ key: StateKey) throws -> StateRow? {
        guard let bytes = try txn.get(self.table(table), key.encoded()) else { return nil }
        return try StateRowCodec.decode(bytes)
    }

    func forEach(_ table: ProjectionTable, prefix: StateKey, _ body: (StateKey, StateRow) throws -> Bool) throws {
        try txn.withCursor(self.table(table)) { cursor in
            try cursor.scan(prefix: prefix.encoded(asPrefix: true)) { entry in
                try body(StateKey(encoded: entry.key), StateRowCodec.decode(entry.value))
            }
        }
    }

    func set(_ table: ProjectionTable, _ key: StateKey, _ row: StateRow) throws {
        try txn.put(self.table(table), key.encoded(), StateRowCodec.encode(row))
    }

    func remove(_ table: ProjectionTable, _ key: StateKey) throws {
        try txn.delete(self.table(table), key.encoded())
    }
}
