/// The read models as they were after the event at `position` (the current ones at
/// `StoredRow.newestPosition`), read from the versioned tables: a single-row read is one
/// seek, a prefix scan visits each row under the prefix once. Neither depends on the
/// length of the log.
struct HistoricalReadModel: RowStore {
    let txn: Transaction
    let tables: [TableName: Table]
    let position: UInt64

    /// The stored table holding the versions of `table`; `.invalidInput` for a table no
    /// domain declared.
    func versions(_ table: TableName) throws -> Table {
        guard let stored = tables[table] else { throw LedgerError.undeclaredTable(table) }
        return stored
    }

    let scratch = BinaryScratch.ofThisThread

    func holds(_ table: TableName) -> Bool { tables[table] != nil }

    func withValue<T>(_ table: TableName, key: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T {
        try StoredRow.withStoredKey(key) { storedKey in try version(table, storedKey) { try body($0.flatMap(StoredRow.rowBytes)) } }
    }

    /// Calls `body` with the stored value of the row's version in force (a removal's value
    /// when it was removed), or nil when the row never existed up to `position`.
    func version<T>(_ table: TableName, _ storedKey: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T {
        try txn.withCursor(try versions(table)) { cursor in
            guard let entry = try StoredRow.withHistoryKey(storedKey, position: position + 1, cursor.seek(before:)),
                entry.key.count == storedKey.count + 9, entry.key.starts(with: storedKey), entry.key[storedKey.count] == 0
            else { return try body(nil) }
            return try body(entry.value)
        }
    }

    /// Each row in the range once, in key order (whole keys, however long).
    func values(_ table: TableName, range: StoredKeyRange) throws -> [(key: [UInt8], value: [UInt8])] {
        var rows: [(key: [UInt8], value: [UInt8])] = []
        try visitRowsInForce(table, range: range) { key, row in rows.append((Array(key), Array(row))) }
        StoredRow.restoreWholeKeyOrder(&rows) { $0.key }
        return rows
    }

    /// Each row in the range once, in key order, its bytes read where LMDB holds them:
    /// only keys long enough to be stored shortened are copied, to be put back in order.
    func forEachRow(
        _ table: TableName, range: StoredKeyRange,
        _ body: (_ key: UnsafeRawBufferPointer, _ row: UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var run: [(key: [UInt8], value: [UInt8])] = []
        func visitRun() throws {
            StoredRow.restoreWholeKeyOrder(&run) { $0.key }
            try Self.visit(run, body)
            run.removeAll()
        }
        try visitRowsInForce(table, range: range) { key, row in
            if let first = run.first, !StoredRow.sharesKeptPrefix(first.key, key) { try visitRun() }
            if key.count > StoredRow.keptPrefixLength {
                run.append((Array(key), Array(row)))
            } else {
                try body(key, row)
            }
        }
        try visitRun()
    }

    /// How many versions of a row are stepped through before the rest are skipped with seeks.
    private static let stepsBeforeSeeking = 4

    /// Calls `visit` with the whole key and the row of each row in `range` as it was at
    /// `position`, in stored-key order (see `StoredRow.restoreWholeKeyOrder`), the bytes valid
    /// only inside `visit`. A row's versions are stepped through while there are few (most
    /// rows change a few times, and rows added after `position` are skipped the same way)
    /// and skipped with seeks when there are more, so the cost follows the rows under the
    /// prefix, not the log.
    private func visitRowsInForce(
        _ table: TableName, range: StoredKeyRange,
        _ visit: (_ key: UnsafeRawBufferPointer, _ row: UnsafeRawBufferPointer) throws -> Void
    ) throws {
        try txn.withCursor(try versions(table)) { cursor in
            let start = range.start(keptLength: StoredRow.keptPrefixLength)
            var entry = start.isEmpty ? try cursor.first() : try cursor.seek(atLeast: start)
            while let first = entry {
                // `first` is the oldest version of a row.
                guard first.key.count > 9 else { throw LedgerError(.corruption, "a version key of \(table.name) is too short") }
                let keyLength = first.key.count - 9
                let storedKey = UnsafeRawBufferPointer(rebasing: first.key.prefix(keyLength))
                if range.endsBefore(storedKey: storedKey, keptLength: StoredRow.keptPrefixLength, maximumLength: StoredRow.maximumKeyLength) {
                    break
                }
                var inForce: Cursor.Entry?
                var next: Cursor.Entry? = first
                var steps = 0
                var passedPosition = false
                while steps < Self.stepsBeforeSeeking, let version = next, StoredRow.isVersion(version.key, ofRowOf: first.key) {
                    if StoredRow.position(ofVersion: version.key) <= position {
                        inForce = version
                    } else {
                        passedPosition = true
                    }
                    next = try cursor.next()
                    steps += 1
                }
                if let version = next, StoredRow.isVersion(version.key, ofRowOf: first.key) {
                    // More versions than were worth stepping through: seek past them.
                    let storedKey = Array(first.key.prefix(keyLength))
                    if !passedPosition {
                        inForce = try cursor.seek(before: StoredRow.historyKey(storedKey, position: position + 1))
                    }
                    next = try cursor.seek(atLeast: storedKey + StoredRow.afterEveryVersion)
                }
                if let inForce {
                    let (wholeKey, row) = try StoredRow.parts(of: inForce.value)
                    let key = wholeKey ?? UnsafeRawBufferPointer(rebasing: inForce.key.dropLast(9))
                    if let row, !range.isBounded || range.contains(key) { try visit(key, row) }
                }
                entry = next
            }
        }
    }
}
