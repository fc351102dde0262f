/// Read models as stored rows: keys and rows in their binary forms, found by table.
@usableFromInline
protocol RowStore {
    /// Calls `body` with the row stored under `key`, or nil; the bytes are valid only inside `body`.
    func withValue<T>(_ table: TableName, key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T
    /// The rows whose key lies in `range`, in key order. They are all read before they are
    /// returned, so the caller may change the read model meanwhile.
    func values(_ table: TableName, range: StoredKeyRange) throws -> [(key: [UInt8], value: [UInt8])]
    /// Calls `body` with each row whose key lies in `range`, in key order, the bytes valid
    /// only inside `body`, which must not change the read model.
    func forEachRow(
        _ table: TableName, range: StoredKeyRange,
        _ body: (_ key: UnsafeRawBufferPointer, _ row: UnsafeRawBufferPointer) throws -> Void) throws
    /// Whether the store holds `table`: a fold holds its own domain's tables only.
    func holds(_ table: TableName) -> Bool
    /// Writers the typed reads and writes encode keys and rows with, reused: a store is used
    /// by one thread at a time.
    var scratch: BinaryScratch { get }
}

extension RowStore {
    /// The rows of `values`, visited one by one.
    func forEachRow(
        _ table: TableName, range: StoredKeyRange,
        _ body: (_ key: UnsafeRawBufferPointer, _ row: UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try Self.visit(values(table, range: range), body)
    }

    /// Calls `body` with the bytes of each of `rows`, in order.
    static func visit(
        _ rows: [(key: [UInt8], value: [UInt8])],
        _ body: (_ key: UnsafeRawBufferPointer, _ row: UnsafeRawBufferPointer) throws -> Void
    ) rethrows {
        for entry in rows {
            try entry.key.withUnsafeBytes { key in try entry.value.withUnsafeBytes { row in try body(key, row) } }
        }
    }
}

/// Read models whose rows a domain's `apply` changes.
@usableFromInline
protocol RowStoreWriting: RowStore {
    /// Stores `value` under `key`, replacing any previous row.
    func set(_ table: TableName, key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws
    /// Removes the row under `key`, if any.
    func remove(_ table: TableName, key: UnsafeRawBufferPointer) throws
}
