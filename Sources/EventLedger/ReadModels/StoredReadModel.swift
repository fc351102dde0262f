/// The read models as stored in the ledger file, read and written inside one transaction.
///
/// A write adds a version of the row at the position of the event being applied (a
/// removal adds a version saying so); reads see the latest versions. Past states are
/// read from the same versions by `HistoricalReadModel`.
///
/// A large commit folds its writes in memory first (`foldingInMemory`): reads see the
/// versions folded over the stored ones, and `storeFolded` then writes every version in key
/// order, as a rebuild does, instead of searching the B-tree once per write. The file holds
/// the same versions either way.
final class StoredReadModel: RowStoreWriting {
    private let txn: Transaction
    private let tables: [TableName: Table]
    private let latest: HistoricalReadModel
    /// Whether writes are folded in memory.
    private let foldingInMemory: Bool
    /// The versions written since the last `storeFolded`, when they are folded in memory;
    /// made by the first write after it.
    private var folded: FoldedReadModel?
    /// The position of the event being applied; versions are written at it.
    var position: UInt64 = 0 {
        didSet { folded?.position = position }
    }

    /// The read models of `tables` in `txn`; with `foldingInMemory`, writes are kept in memory
    /// until `storeFolded`.
    init(_ txn: Transaction, tables: [TableName: Table], foldingInMemory: Bool = false) {
        self.txn = txn
        self.tables = tables
        self.foldingInMemory = foldingInMemory
        latest = HistoricalReadModel(txn: txn, tables: tables, position: StoredRow.newestPosition)
    }

    func withValue<T>(_ table: TableName, key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T {
        if let newest = try folded?.newestVersion(table, key: key) { return try body(try StoredRow.rowBytes(newest)) }
        return try latest.withValue(table, key: key, body)
    }

    var scratch: BinaryScratch { latest.scratch }

    func holds(_ table: TableName) -> Bool { tables[table] != nil }

    func forEachRow(
        _ table: TableName, range: StoredKeyRange,
        _ body: (_ key: UnsafeRawBufferPointer, _ row: UnsafeRawBufferPointer) throws -> Void
    ) throws {
        guard folded == nil else { return try Self.visit(values(table, range: range), body) }
        try latest.forEachRow(table, range: range, body)
    }

    func values(_ table: TableName, range: StoredKeyRange) throws -> [(key: [UInt8], value: [UInt8])] {
        let stored = try latest.values(table, range: range)
        guard let folded else { return stored }
        return StoredRow.rows(stored, overwrittenBy: try folded.newestVersions(table, range: range))
    }

    func set(_ table: TableName, key encoded: UnsafeRawBufferPointer, value row: UnsafeRawBufferPointer) throws {
        try write(table, key: encoded, row: row)
    }

    func remove(_ table: TableName, key encoded: UnsafeRawBufferPointer) throws {
        guard try withValue(table, key: encoded, { $0 != nil }) else { return }
        try write(table, key: encoded, row: nil)
    }

    /// Adds a version of the row under `encoded` at `position`: `row`, or a removal.
    private func write(_ table: TableName, key encoded: UnsafeRawBufferPointer, row: UnsafeRawBufferPointer?) throws {
        if foldingInMemory { return try fold().write(table, key: encoded, row: row) }
        let versions = try latest.versions(table)
        try StoredRow.withStoredKey(encoded) { storedKey in
            try StoredRow.withHistoryKey(storedKey, position: position) { historyKey in
                try StoredRow.withValue(row, encodedKey: encoded) { value in try txn.put(versions, historyKey, value) }
            }
        }
    }

    /// About how many bytes of memory the versions folded since the last `storeFolded` take.
    var foldedByteCount: Int { folded?.byteCount ?? 0 }

    /// Writes the versions folded in memory, if any, into the stored tables; the writes after
    /// them are folded in memory again, from empty: a fold too large to keep is written in
    /// parts, each in key order.
    func storeFolded() throws {
        guard let written = folded else { return }
        folded = nil
        try written.store(into: tables, txn)
    }

    /// The fold the writes go to, made when there is none.
    private func fold() -> FoldedReadModel {
        if let folded { return folded }
        let made = FoldedReadModel(tables: Array(tables.keys))
        made.position = position
        folded = made
        return made
    }
}
