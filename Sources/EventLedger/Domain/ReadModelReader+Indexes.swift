extension ReadModelReader {
    // The reads through an index are inlinable, as the table reads are: made for a domain's
    // own key and row types, they skip looking up generic types at run time for every row.

    /// The rows of `table` in the order of `index`, those whose index key lies in `range`.
    @inlinable
    public func rows<Key, Row>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, _ range: KeyRange = .all
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        try rows(table, index: index, range.encoded(scratch.key))
    }

    /// The rows of `table` in the order of `index`, those whose index key starts with `prefix`.
    @inlinable
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
        return try LedgerError.typed {
            try bytes.withUnsafeBytes { entry in
                try store.withValue(stored.id, key: entry) { value in try value.map { try self.row(table, entry: $0, of: stored) } }
            }
        }
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

    /// The rows the entries of `index` in `range` hold, in the index's order.
    @inlinable
    func rows<Key, Row>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, _ range: StoredKeyRange
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        let stored = try table.stored(index)
        return try LedgerError.typed {
            var rows: [(key: Key, row: Row)] = []
            try store.forEachRow(stored.id, range: range) { _, value in rows.append(try row(table, entry: value, of: stored)) }
            return rows
        }
    }

    /// The table key and the row an entry of `index` holds, decoded where the entry lies.
    @inlinable
    func row<Key, Row>(
        _ table: ReadModelTable<Key, Row>, entry value: UnsafeRawBufferPointer, of index: StoredIndex<Row>
    ) throws(LedgerError) -> (key: Key, row: Row) {
        let (key, row) = try IndexEntry.parts(of: value)
        let (reader, coding) = (scratch.reader, table.coding)
        return (
            try BinaryDecoding.decode(from: key, as: .key, with: reader, coding: coding.key, source: "a key in \(index.name)"),
            try BinaryDecoding.decode(from: row, as: .row, with: reader, coding: coding.row, source: "a row in \(index.name)")
        )
    }
}

extension StoredIndex {
    /// The qualified name of the table holding the index, as errors name it.
    @usableFromInline var name: String { id.name }
}

extension ReadModelWriter {
    /// The rows of `table` in the order of `index`, those whose index key lies in `range`.
    @inlinable
    public func rows<Key, Row>(
        _ table: ReadModelTable<Key, Row>, index: TableIndex<Row>, _ range: KeyRange = .all
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        try reader.rows(table, index: index, range)
    }

    /// The rows of `table` in the order of `index`, those whose index key starts with `prefix`.
    @inlinable
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
