internal import CLMDB

/// A position in a table's sorted keys. Entries it returns are valid until the transaction ends.
struct Cursor {
    /// A key and its value, both pointing into the map.
    typealias Entry = (key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)

    let handle: OpaquePointer
    let table: Table

    /// The first entry whose key is ≥ `key`.
    func seek(atLeast key: UnsafeRawBufferPointer) throws -> Entry? {
        try step(MDB_SET_RANGE, from: MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress)))
    }

    /// The first entry whose key is ≥ `key`.
    func seek(atLeast key: [UInt8]) throws -> Entry? {
        try key.withUnsafeBytes { (buffer) in try seek(atLeast: buffer) }
    }

    /// The last entry whose key is < `key`.
    func seek(before key: UnsafeRawBufferPointer) throws -> Entry? {
        if try seek(atLeast: key) != nil { return try previous() }
        return try last()
    }

    /// The last entry whose key is < `key`.
    func seek(before key: [UInt8]) throws -> Entry? {
        try key.withUnsafeBytes { (buffer) in try seek(before: buffer) }
    }

    /// The first entry of the table.
    func first() throws -> Entry? { try step(MDB_FIRST) }

    /// The last entry of the table.
    func last() throws -> Entry? { try step(MDB_LAST) }

    /// The entry after the current one.
    func next() throws -> Entry? { try step(MDB_NEXT) }

    /// The entry before the current one.
    func previous() throws -> Entry? { try step(MDB_PREV) }

    /// Visits entries whose key starts with `prefix`, in key order, until `body` returns false.
    func scan(prefix: [UInt8], _ body: (Entry) throws -> Bool) throws {
        var entry = prefix.isEmpty ? try first() : try seek(atLeast: prefix)
        while let current = entry, current.key.starts(with: prefix) {
            guard try body(current) else { return }
            entry = try next()
        }
    }

    /// The entry `op` moves to, from `key` for the operations that start from one.
    private func step(_ op: MDB_cursor_op, from key: MDB_val = MDB_val()) throws -> Entry? {
        var (key, value) = (key, MDB_val())
        let code = mdb_cursor_get(handle, &key, &value, op)
        if code == MDB_NOTFOUND { return nil }
        try lmdbCheck(code, "cannot read table \(table.name)")
        return (
            UnsafeRawBufferPointer(start: key.mv_data, count: key.mv_size),
            UnsafeRawBufferPointer(start: value.mv_data, count: value.mv_size)
        )
    }
}
