internal import CLMDB

/// One LMDB transaction. Byte buffers it returns point into the map and are valid
/// only until the transaction ends, which `commit()` or `abort()` does.
final class Transaction {
    let handle: OpaquePointer
    /// Set when a write failed with `MDB_MAP_FULL`; the environment then grows the map and retries.
    private(set) var hitMapFull = false
    /// By table handle, a cursor kept open for the next `withCursor` or `put` on its table.
    /// A transaction is used by one thread, one call at a time: checking exclusive access at
    /// run time would cost more than the lookups it guards.
    @exclusivity(unchecked) private var keptCursors: [OpaquePointer?] = []

    init(handle: OpaquePointer) {
        self.handle = handle
    }

    /// Commits the transaction; returns LMDB's result code.
    func commit() -> Int32 {
        closeKeptCursors()
        return mdb_txn_commit(handle)
    }

    /// Ends the transaction without keeping anything it wrote.
    func abort() {
        closeKeptCursors()
        mdb_txn_abort(handle)
    }

    /// What `body` returns in this transaction; when it throws, the transaction is aborted
    /// first.
    func run<T>(_ body: (Transaction) throws -> T) throws -> T {
        do {
            return try body(self)
        } catch {
            abort()
            throw error
        }
    }

    private func closeKeptCursors() {
        for case let cursor? in keptCursors { mdb_cursor_close(cursor) }
        keptCursors = []
    }

    /// The table called `name` in the file at `path`, or nil when the file has none. The
    /// handle outlives a read transaction only if it is committed.
    func existingTable(_ name: String, of path: String) throws -> Table? {
        var dbi = MDB_dbi()
        let code = mdb_dbi_open(handle, name, 0, &dbi)
        if code == MDB_NOTFOUND { return nil }
        try lmdbCheck(code, "cannot open table \(name) of \(path)")
        return Table(dbi: dbi, name: name)
    }

    /// The value stored under `key`, or nil.
    func get(_ table: Table, _ key: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer? {
        var k = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var v = MDB_val()
        let code = mdb_get(handle, table.dbi, &k, &v)
        if code == MDB_NOTFOUND { return nil }
        try lmdbCheck(code, "cannot read table \(table.name)")
        return UnsafeRawBufferPointer(start: v.mv_data, count: v.mv_size)
    }

    /// The value stored under `key`, or nil.
    func get(_ table: Table, _ key: [UInt8]) throws -> UnsafeRawBufferPointer? {
        try key.withUnsafeBytes { (buffer) in try get(table, buffer) }
    }

    /// Stores `value` under `key`; `append` asserts the key sorts after every existing one (`MDB_APPEND`).
    /// Written through the table's kept cursor when it has one, which finds a key on the page
    /// it was last at (the row just read, say) without searching the B-tree from its root.
    func put(_ table: Table, _ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer, append: Bool = false) throws {
        let flags = append ? UInt32(MDB_APPEND) : 0
        if let cursor = keptCursor(table) {
            try write(table, key, value) { mdb_cursor_put(cursor, &$0, &$1, flags) }
        } else {
            try write(table, key, value) { mdb_put(handle, table.dbi, &$0, &$1, flags) }
        }
    }

    /// Stores `value` under `key`.
    func put(_ table: Table, _ key: [UInt8], _ value: [UInt8], append: Bool = false) throws {
        try key.withUnsafeBytes { (k) in
            try value.withUnsafeBytes { (v) in try put(table, k, v, append: append) }
        }
    }

    /// Stores `value` under `key` through `cursor`, one of this transaction's, which stays at
    /// the entry written: a run of appends in key order (`append`, `MDB_APPEND`) then goes
    /// straight to the last page instead of searching the B-tree from its root each time.
    func put(through cursor: Cursor, _ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer, append: Bool) throws {
        try write(cursor.table, key, value) { mdb_cursor_put(cursor.handle, &$0, &$1, append ? UInt32(MDB_APPEND) : 0) }
    }

    /// Runs `put` with `key` and `value` as LMDB values, noting a full map, and throws its error.
    private func write(
        _ table: Table, _ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer,
        _ put: (inout MDB_val, inout MDB_val) -> Int32
    ) throws {
        var k = MDB_val(mv_size: key.count, mv_data: UnsafeMutableRawPointer(mutating: key.baseAddress))
        var v = MDB_val(mv_size: value.count, mv_data: UnsafeMutableRawPointer(mutating: value.baseAddress))
        let code = put(&k, &v)
        if code == MDB_MAP_FULL { hitMapFull = true }
        try lmdbCheck(code, "cannot write table \(table.name)")
    }

    /// Removes `key`; returns whether it was there.
    @discardableResult
    func delete(_ table: Table, _ key: [UInt8]) throws -> Bool {
        try key.withUnsafeBytes { (buffer) throws -> Bool in
            var k = MDB_val(mv_size: buffer.count, mv_data: UnsafeMutableRawPointer(mutating: buffer.baseAddress))
            let code = mdb_del(handle, table.dbi, &k, nil)
            if code == MDB_NOTFOUND { return false }
            if code == MDB_MAP_FULL { hitMapFull = true }
            try lmdbCheck(code, "cannot delete from table \(table.name)")
            return true
        }
    }

    /// Removes every entry of `table`, keeping the table.
    func clear(_ table: Table) throws {
        let code = mdb_drop(handle, table.dbi, 0)
        if code == MDB_MAP_FULL { hitMapFull = true }
        try lmdbCheck(code, "cannot clear table \(table.name)")
    }

    /// Deletes `table` from the file with every entry, and closes its handle.
    func drop(_ table: Table) throws {
        let code = mdb_drop(handle, table.dbi, 1)
        if code == MDB_MAP_FULL { hitMapFull = true }
        try lmdbCheck(code, "cannot delete table \(table.name)")
    }

    /// Number of entries in `table`.
    func count(_ table: Table) throws -> Int {
        var stat = MDB_stat()
        try lmdbCheck(mdb_stat(handle, table.dbi, &stat), "cannot stat table \(table.name)")
        return stat.ms_entries
    }

    /// Runs `body` with a cursor over `table`, valid until `body` returns. The cursor is kept
    /// open for the table's next call (a call inside `body` on the same table gets one of its
    /// own), so that reading a row and then writing it searches the B-tree once.
    func withCursor<T>(_ table: Table, _ body: (Cursor) throws -> T) throws -> T {
        let slot = Int(table.dbi)
        let cursor: OpaquePointer
        if let kept = keptCursor(table) {
            keptCursors[slot] = nil
            cursor = kept
        } else {
            var opened: OpaquePointer?
            try lmdbCheck(mdb_cursor_open(handle, table.dbi, &opened), "cannot open cursor on \(table.name)")
            cursor = opened!
        }
        defer {
            if slot >= keptCursors.count { keptCursors += repeatElement(nil, count: slot + 1 - keptCursors.count) }
            if keptCursors[slot] == nil { keptCursors[slot] = cursor } else { mdb_cursor_close(cursor) }
        }
        return try body(Cursor(handle: cursor, table: table))
    }

    /// The cursor kept open over `table`, if any and no caller holds it.
    private func keptCursor(_ table: Table) -> OpaquePointer? {
        let slot = Int(table.dbi)
        return slot < keptCursors.count ? keptCursors[slot] : nil
    }
}
