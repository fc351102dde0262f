/// The read models as they were after the event at `position` (the current ones at
/// `StoredRow.newestPosition`), read from the versioned tables: a single-row read is one
/// seek, a prefix scan seeks once per row under the prefix. Neither depends on the length
/// of the log.
struct HistoricalProjectionState: ProjectionReader {
    let txn: Transaction
    let tables: [ProjectionTable: Table]
    let position: UInt64

    private func history(_ table: ProjectionTable) -> Table {
        guard let stored = tables[table] else { preconditionFailure("unknown projection table \(table.name)") }
        return stored
    }

    func row(_ table: ProjectionTable, _ key: StateKey) throws -> StateRow? {
        try version(table, StoredRow.storedKey(key.encoded())) { try $0.flatMap(StoredRow.row) }
    }

    /// Calls `body` with the stored value of the row's version in force (a removal's value
    /// when it was removed), or nil when the row never existed up to `position`.
    func version<T>(_ table: ProjectionTable, _ storedKey: [UInt8], _ body: (UnsafeRawBufferPointer?) throws -> T) throws -> T {
        try txn.withCursor(history(table)) { cursor in
            guard let entry = try cursor.seek(before: StoredRow.historyKey(storedKey, position: position + 1)),
                  entry.key.count == storedKey.count + 9, entry.key.starts(with: storedKey), entry.key[storedKey.count] == 0
            else { return try body(nil) }
            return try body(entry.value)
        }
    }

    /// Visits each row under the prefix once: one seek to its last version at or before
    /// `position`, one seek past its later versions. Versions are never scanned one by one.
    func forEach(_ table: ProjectionTable, prefix: StateKey, _ body: (StateKey, StateRow) throws -> Bool) throws {
        let encodedPrefix = prefix.encoded(asPrefix: true)
        try txn.withCursor(history(table)) { cursor in
            var entry = encodedPrefix.isEmpty ? try cursor.first() : try cursor.seek(atLeast: encodedPrefix)
            while let current = entry, current.key.starts(with: encodedPrefix) {
                let storedKey = Array(current.key.dropLast(9))
                if let version = try cursor.seek(before: StoredRow.historyKey(storedKey, position: position + 1)),
                   version.key.count == storedKey.count + 9, version.key.starts(with: storedKey) {
                    let (key, row) = try StoredRow.decode(key: UnsafeRawBufferPointer(rebasing: version.key.dropLast(9)),
                                                          value: version.value)
                    if let row, try !body(key, row) { return }
                }
                entry = try cursor.seek(atLeast: storedKey + StoredRow.afterEveryVersion)
            }
        }
    }
}
