extension ReadModelReader {
    /// The rows of `table` in the order of `index`, those whose index key lies in `range`.
    public func rows<Key, Row>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, _ range: KeyRange = .all
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        try rows(table, index: index, range.encoded(scratch.key))
    }

    /// The rows of `table` in the order of `index`, those whose index key starts with `prefix`.
    public func rows<Key, Row, Prefix: Encodable>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, prefix: Prefix
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        try rows(table, index: index, StoredKeyRange(prefix: Array(BinaryEncoding.encoded(prefix, with: scratch.key))))
    }

    /// The row of `table` whose key in `index` is `indexKey` (the first in the index's order
    /// when the index is not unique), with its table key; nil when no row has it.
    public func row<Key, Row, IndexKey: Encodable>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, _ indexKey: IndexKey
    ) throws(LedgerError) -> (key: Key, row: Row)? {
        let stored = try table.stored(index)
        let bytes = Array(try BinaryEncoding.encoded(indexKey, with: scratch.key))
        guard index.isUnique else { return try rows(table, index: index, StoredKeyRange(prefix: bytes)).first }
        let holder = try LedgerError.typed {
            try bytes.withUnsafeBytes { entry in try store.withValue(stored.id, key: entry) { $0.map { Array($0) } } }
        }
        return try holder.flatMap { key throws(LedgerError) in try self.row(table, storedKey: key, in: stored) }
    }

    /// The number of rows of `table` whose key in `index` lies in `range`, counted from the
    /// index alone.
    public func count<Key, Row>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, _ range: KeyRange = .all
    ) throws(LedgerError) -> Int {
        let stored = try table.stored(index)
        let keys = try range.encoded(scratch.key)
        return try LedgerError.typed {
            var count = 0
            try store.forEachRow(stored.id, range: keys) { _, _ in count += 1 }
            return count
        }
    }

    private func rows<Key, Row>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, _ range: StoredKeyRange
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        let stored = try table.stored(index)
        let keys = try LedgerError.typed { try store.values(stored.id, range: range).map(\.value) }
        var rows: [(key: Key, row: Row)] = []
        rows.reserveCapacity(keys.count)
        for key in keys {
            guard let found = try row(table, storedKey: key, in: stored) else { continue }
            rows.append(found)
        }
        return rows
    }

    /// The row of `table` under the key whose binary form is `storedKey`, as an entry of
    /// `index` names it; `.corruption` when the table lacks it.
    private func row<Key, Row>(
        _ table: ReadModelTable<Key, Row>, storedKey: [UInt8], in index: StoredIndex<Row>
    ) throws(LedgerError) -> (key: Key, row: Row)? {
        let (reader, coding, name) = (scratch.reader, table.coding, table.qualifiedName)
        return try LedgerError.typed {
            try storedKey.withUnsafeBytes { keyBytes in
                let row = try store.withValue(table.id, key: keyBytes) { bytes -> Row? in
                    guard let bytes else { return nil }
                    return try BinaryDecoding.decode(from: bytes, as: .row, with: reader, coding: coding.row, source: "a row of \(name)")
                }
                guard let row else {
                    throw LedgerError(.corruption, "index \(index.id.name) names a row \(name) does not hold", subject: index.id.name)
                }
                let key = try BinaryDecoding.decode(from: keyBytes, as: .key, with: reader, coding: coding.key, source: "a key of \(name)")
                return (key, row)
            }
        }
    }
}

extension ReadModelWriter {
    /// The rows of `table` in the order of `index`, those whose index key lies in `range`.
    public func rows<Key, Row>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, _ range: KeyRange = .all
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        try reader.rows(table, index: index, range)
    }

    /// The rows of `table` in the order of `index`, those whose index key starts with `prefix`.
    public func rows<Key, Row, Prefix: Encodable>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, prefix: Prefix
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        try reader.rows(table, index: index, prefix: prefix)
    }

    /// The row of `table` whose key in `index` is `indexKey`, with its table key; nil when none has it.
    public func row<Key, Row, IndexKey: Encodable>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, _ indexKey: IndexKey
    ) throws(LedgerError) -> (key: Key, row: Row)? {
        try reader.row(table, index: index, indexKey)
    }
}
