/// The read models as they were after the event at `position`, read from the history
/// tables: a single-row read is one seek, a prefix scan visits the versions of the rows
/// under the prefix. Neither depends on the length of the log.
struct HistoricalProjectionState: ProjectionReader {
    let txn: Transaction
    let tables: [ProjectionTable: ProjectionTables]
    let position: UInt64

    private func history(_ table: ProjectionTable) -> Table {
        guard let stored = tables[table] else { preconditionFailure("unknown projection table \(table.name)") }
        return stored.history
    }

    func row(_ table: ProjectionTable, _ key: StateKey) throws -> StateRow? {
        let storedKey = StoredRow.storedKey(key.encoded())
        guard position < UInt64.max else { return nil }
        return try txn.withCursor(history(table)) { cursor in
            guard let entry = try cursor.seek(before: StoredRow.historyKey(storedKey, position: position + 1)),
                  entry.key.count == storedKey.count + 9, entry.key.starts(with: storedKey), entry.key[storedKey.count] == 0
            else { return nil }
            return try StoredRow.row(entry.value)
        }
    }

    func forEach(_ table: ProjectionTable, prefix: StateKey, _ body: (StateKey, StateRow) throws -> Bool) throws {
        try txn.withCursor(history(table)) { cursor in
            var groupKey: [UInt8] = []
            var latest: Cursor.Entry?
            func emitLatest() throws -> Bool {
                guard let found = latest else { return true }
                latest = nil
                let (key, row) = try StoredRow.decode(key: UnsafeRawBufferPointer(rebasing: found.key.dropLast(9)), value: found.value)
                guard let row else { return true }
                return try body(key, row)
            }
            var stopped = false
            try cursor.scan(prefix: prefix.encoded(asPrefix: true)) { entry in
                let storedKey = entry.key.dropLast(9)
                if !storedKey.elementsEqual(groupKey) {
                    guard try emitLatest() else {
                        stopped = true
                        return false
                    }
                    groupKey = Array(storedKey)
                }
                if LedgerTables.readBigEndian(entry.key, at: entry.key.count - 8) <= position { latest = entry }
                return true
            }
            if !stopped { _ = try emitLatest() }
        }
    }
}
