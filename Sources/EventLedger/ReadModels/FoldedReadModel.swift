/// A read model folded in memory by a rebuild or a large commit. Domains' `apply` reads and
/// writes it exactly as it does the stored read model (`StoredReadModel`): a write adds a
/// version of the row at `position`, a removal of a present row adds a removal. `store` then
/// writes every version into the stored tables in key order, so the result is the same, byte
/// for byte, as writing each version as it came, without a B-tree search per read or write.
///
/// Used by one thread, one call at a time: its stored properties are not checked for
/// exclusive access at run time, which costs more than the reads and writes themselves.
final class FoldedReadModel: RowStoreWriting {
    /// The tables, in the order of `folded`: a read model has a handful, and a search by
    /// equality finds one sooner than hashing it would.
    private let tables: [TableName]
    /// The folded tables; nil once stored.
    @exclusivity(unchecked) private var foldedTables: [FoldedTable?]
    /// The position of the event being applied; versions are written at it.
    @exclusivity(unchecked) var position: UInt64 = 0

    /// An empty read model of `tables`.
    init(tables: [TableName]) {
        self.tables = tables
        foldedTables = tables.map { _ in FoldedTable() }
    }

    let scratch = BinaryScratch()

    func holds(_ table: TableName) -> Bool { tables.contains(table) }

    func withValue<T>(_ table: TableName, key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T {
        try body(newestVersion(table, key: key).flatMap(StoredRow.rowBytes))
    }

    /// The stored value of the newest version of the row under `key` (a removal's when it was
    /// removed), nil when the row was never written.
    func newestVersion(_ table: TableName, key: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer? {
        let folded = try folded(table)
        return StoredRow.withStoredKey(key) { folded.newestValue($0) }
    }

    /// The rows in the range in key order (whole keys, however long).
    func values(_ table: TableName, range: StoredKeyRange) throws -> [(key: [UInt8], value: [UInt8])] {
        try newestVersions(table, range: range).compactMap { entry in entry.value.map { (entry.key, $0) } }
    }

    /// Each row written in the range in key order (whole keys, however long), with its
    /// newest row, nil when that version is a removal.
    func newestVersions(_ table: TableName, range: StoredKeyRange) throws -> [(key: [UInt8], value: [UInt8]?)] {
        var rows = try range.prefix.withUnsafeBytes { prefix in
            try folded(table).newestRows(prefix: prefix, includingRemovals: true).map { entry in
                try StoredRow.decode(key: entry.key, value: entry.value)
            }
        }
        if range.isBounded { rows.removeAll { row in !row.key.withUnsafeBytes(range.contains) } }
        StoredRow.restoreWholeKeyOrder(&rows) { $0.key }
        return rows
    }

    func set(_ table: TableName, key: UnsafeRawBufferPointer, value row: UnsafeRawBufferPointer) throws {
        try write(table, key: key, row: row)
    }

    func remove(_ table: TableName, key encoded: UnsafeRawBufferPointer) throws {
        guard let newest = try newestVersion(table, key: encoded), StoredRow.isPresent(newest) else { return }
        try write(table, key: encoded, row: nil)
    }

    /// Adds a version of the row under `encodedKey` at `position`: `row`, or a removal.
    func write(_ table: TableName, key encodedKey: UnsafeRawBufferPointer, row: UnsafeRawBufferPointer?) throws {
        let folded = try folded(table)
        StoredRow.withStoredKey(encodedKey) { storedKey in
            folded.write(storedKey, valueCount: StoredRow.valueCount(row, encodedKey: encodedKey), at: position) {
                StoredRow.encodeValue(row, encodedKey: encodedKey, into: $0)
            }
        }
    }

    /// Sorts every table's rows by key ahead of `store`.
    func sortRows() {
        for case let table? in foldedTables { table.sortRows() }
    }

    /// About how many bytes of memory the read model takes.
    var byteCount: Int { foldedTables.reduce(0) { $0 + ($1?.byteCount ?? 0) } }

    /// Writes every version into `stored`, one table at a time, letting go of each table's
    /// memory once it is written.
    func store(into stored: [TableName: Table], _ txn: Transaction) throws {
        for index in tables.indices.sorted(by: { tables[$0].name < tables[$1].name }) {
            guard let destination = stored[tables[index]] else { preconditionFailure("unknown read-model table \(tables[index].name)") }
            let table = try folded(tables[index])
            foldedTables[index] = nil
            if !table.isEmpty { try table.store(into: destination, txn) }
        }
    }

    /// The folded copy of `table`; `.invalidInput` for a table its domain did not declare
    /// (a fold holds its own domain's tables only).
    private func folded(_ table: TableName) throws -> FoldedTable {
        guard let index = tables.firstIndex(of: table), let folded = foldedTables[index] else {
            throw LedgerError.undeclaredTable(table)
        }
        return folded
    }
}
