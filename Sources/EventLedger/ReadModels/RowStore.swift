/// Read models as stored rows: keys and rows in their binary forms, found by table.
@usableFromInline
protocol RowStore {
    /// Calls `body` with the row stored under `key`, or nil; the bytes are valid only inside `body`.
    func withValue<T>(_ table: TableName, key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T
    /// The rows whose key starts with `prefix` (whole values), in key order. They are all
    /// read before they are returned, so the caller may change the read model meanwhile.
    func values(_ table: TableName, prefix: UnsafeRawBufferPointer) throws -> [(key: [UInt8], value: [UInt8])]
    /// Writers the typed reads and writes encode keys and rows with, reused: a store is used
    /// by one thread at a time.
    var scratch: BinaryScratch { get }
}

/// Read models whose rows a domain's `apply` changes.
@usableFromInline
protocol RowStoreWriting: RowStore {
    /// Stores `value` under `key`, replacing any previous row.
    func set(_ table: TableName, key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws
    /// Removes the row under `key`, if any.
    func remove(_ table: TableName, key: UnsafeRawBufferPointer) throws
}
