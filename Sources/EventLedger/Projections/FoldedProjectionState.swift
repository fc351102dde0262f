/// A read model folded in memory by a rebuild. Projectors read and write it exactly as they
/// do the stored read model (`StoredProjectionState`): a write adds a version of the row at
/// `position`, a removal of a present row adds a removal. `store` then writes every
/// version into the stored tables in key order, so the result is the same, byte for byte,
/// as the versions appends wrote, without a B-tree search per read or write.
final class FoldedProjectionState: ProjectionWriter {
    private var tables: [ProjectionTable: FoldedTable]
    /// The position of the event being applied; versions are written at it.
    var position: UInt64 = 0

    /// An empty read model of `tables`.
    init(tables: [ProjectionTable]) {
        self.tables = Dictionary(uniqueKeysWithValues: tables.map { ($0, FoldedTable()) })
    }

    func row(_ table: ProjectionTable, _ key: StateKey) throws -> StateRow? {
        try folded(table).newestValue(StoredRow.storedKey(key.encoded())).flatMap(StoredRow.row)
    }

    /// Visits the rows under the prefix in key order; they are all read before `body` is
    /// first called, so `body` may change the read model.
    func forEach(_ table: ProjectionTable, prefix: StateKey, _ body: (StateKey, StateRow) throws -> Bool) throws {
        let rows = try folded(table).newestRows(prefix: prefix.encoded(asPrefix: true)).map { entry in
            try StoredRow.decode(key: entry.key, value: entry.value)
        }
        for case let (key, row?) in rows {
            guard try body(key, row) else { return }
        }
    }

    func set(_ table: ProjectionTable, _ key: StateKey, _ row: StateRow) throws {
        let encoded = key.encoded()
        folded(table).write(StoredRow.storedKey(encoded), StoredRow.value(row, encodedKey: encoded), at: position)
    }

    func remove(_ table: ProjectionTable, _ key: StateKey) throws {
        let encoded = key.encoded()
        let storedKey = StoredRow.storedKey(encoded)
        let table = folded(table)
        guard let newest = table.newestValue(storedKey), StoredRow.isPresent(newest) else { return }
        table.write(storedKey, StoredRow.value(nil, encodedKey: encoded), at: position)
    }

    /// About how many bytes of memory the read model takes.
    var byteCount: Int { tables.values.reduce(0) { $0 + $1.byteCount } }

    /// Writes every version into `stored`, whose tables must be empty, one table at a time,
    /// letting go of each table's memory once it is written.
    func store(into stored: [ProjectionTable: Table], _ txn: Transaction) throws {
        for table in tables.keys.sorted(by: { $0.name < $1.name }) {
            guard let destination = stored[table] else { preconditionFailure("unknown projection table \(table.name)") }
            try tables.removeValue(forKey: table)?.store(into: destination, txn)
        }
    }

    private func folded(_ table: ProjectionTable) -> FoldedTable {
        guard let folded = tables[table] else { preconditionFailure("unknown projection table \(table.name)") }
        return folded
    }
}
