/// Read access to the read models: at the current position (`Ledger.read`), at a past one
/// (`Ledger.read(asOf:)`), in a session's preview, or in the middle of a commit, as a
/// domain's rules and `apply` see them.
public struct ReadModelReader {
    @usableFromInline let store: any RowStore
    /// The store's writers and reader, fetched once: fetched through the store for every
    /// read, they were retained and released each time.
    @usableFromInline let scratch: BinaryScratch

    @usableFromInline
    init(_ store: any RowStore) {
        self.init(store, scratch: store.scratch)
    }

    /// A reader of `store`, encoding and decoding with `scratch`, the store's.
    @usableFromInline
    init(_ store: any RowStore, scratch: BinaryScratch) {
        self.store = store
        self.scratch = scratch
    }

    // The typed reads and writes are inlinable: made for a domain's own key and row types,
    // they skip looking up generic types at run time, several times for every row.

    /// The row under `key`, or nil.
    @inlinable
    public func row<Key, Row>(_ table: ReadModelTable<Key, Row>, _ key: Key) throws(LedgerError) -> Row? {
        let storedKey = try BinaryEncoding.encoded(key, with: scratch.key, coding: table.coding.key)
        return try LedgerError.typed {
            try store.withValue(table.id, key: storedKey) { bytes -> Row? in
                guard let bytes else { return nil }
                return try BinaryDecoding.decode(
                    from: bytes, as: .row, with: scratch.reader, coding: table.coding.row,
                    source: "a row of \(table.qualifiedName)")
            }
        }
    }

    /// Every row of `table`, in key order.
    @inlinable
    public func rows<Key, Row>(_ table: ReadModelTable<Key, Row>) throws(LedgerError) -> [(key: Key, row: Row)] {
        try rows(table, StoredKeyRange.all)
    }

    /// The rows whose key starts with `prefix`, in key order: `prefix` is a value of the key's
    /// first field, or a struct of its first fields (the same types, in the same order).
    @inlinable
    public func rows<Key, Row, Prefix: Encodable>(_ table: ReadModelTable<Key, Row>, prefix: Prefix) throws(LedgerError) -> [(key: Key, row: Row)] {
        try rows(table, StoredKeyRange(prefix: Array(BinaryEncoding.encoded(prefix, with: scratch.key))))
    }

    /// The rows whose key lies in `range`, in key order.
    @inlinable
    public func rows<Key, Row>(_ table: ReadModelTable<Key, Row>, _ range: KeyRange) throws(LedgerError) -> [(key: Key, row: Row)] {
        try rows(table, range.encoded(scratch.key))
    }

    /// The rows whose key lies in `stored`, in key order.
    @inlinable
    func rows<Key, Row>(_ table: ReadModelTable<Key, Row>, _ stored: StoredKeyRange) throws(LedgerError) -> [(key: Key, row: Row)] {
        try LedgerError.typed {
            let (reader, coding, name) = (scratch.reader, table.coding, table.qualifiedName)
            var rows: [(key: Key, row: Row)] = []
            try store.forEachRow(table.id, range: stored) { key, row in
                rows.append(
                    (
                        try BinaryDecoding.decode(from: key, as: .key, with: reader, coding: coding.key, source: "a key of \(name)"),
                        try BinaryDecoding.decode(from: row, as: .row, with: reader, coding: coding.row, source: "a row of \(name)")
                    ))
            }
            return rows
        }
    }

    /// Every row of `table` as stored, key and row in their binary forms, in key order: for
    /// tools and tests that compare read models without knowing their types.
    public func storedRows(_ table: any DeclaredTable) throws(LedgerError) -> [(key: [UInt8], row: [UInt8])] {
        try LedgerError.typed {
            try store.values(TableName(qualifiedName: table.qualifiedName), range: .all).map { ($0.key, $0.value) }
        }
    }
}

/// Write access to a read model, given to a domain's `apply`; it reads as `ReadModelReader` does.
public struct ReadModelWriter {
    @usableFromInline let store: any RowStoreWriting
    /// The store's writers and reader, fetched once.
    @usableFromInline let scratch: BinaryScratch

    init(_ store: any RowStoreWriting) {
        self.store = store
        scratch = store.scratch
    }

    /// Whether the read models written hold the table called `qualifiedName`.
    func holds(_ qualifiedName: String) -> Bool { store.holds(TableName(qualifiedName: qualifiedName)) }

    /// What the read models hold now, this event's changes so far included.
    @inlinable
    public var reader: ReadModelReader { ReadModelReader(store, scratch: scratch) }

    /// The row under `key`, or nil.
    @inlinable
    public func row<Key, Row>(_ table: ReadModelTable<Key, Row>, _ key: Key) throws(LedgerError) -> Row? {
        try reader.row(table, key)
    }

    /// Every row of `table`, in key order.
    @inlinable
    public func rows<Key, Row>(_ table: ReadModelTable<Key, Row>) throws(LedgerError) -> [(key: Key, row: Row)] {
        try reader.rows(table)
    }

    /// The rows whose key starts with `prefix`, in key order.
    @inlinable
    public func rows<Key, Row, Prefix: Encodable>(_ table: ReadModelTable<Key, Row>, prefix: Prefix) throws(LedgerError) -> [(key: Key, row: Row)] {
        try reader.rows(table, prefix: prefix)
    }

    /// The rows whose key lies in `range`, in key order.
    @inlinable
    public func rows<Key, Row>(_ table: ReadModelTable<Key, Row>, _ range: KeyRange) throws(LedgerError) -> [(key: Key, row: Row)] {
        try reader.rows(table, range)
    }

    /// Stores `row` under `key`, replacing any row there, and moves it in the table's indexes.
    /// Throws the rule violation of a unique index when another row holds the row's key in it.
    @inlinable
    public func set<Key, Row>(_ table: ReadModelTable<Key, Row>, _ key: Key, _ row: Row) throws(LedgerError) {
        guard table.indexes.isEmpty else { return try IndexedWrite.write(row, under: key, of: table, through: self) }
        let storedKey = try BinaryEncoding.encoded(key, with: scratch.key, coding: table.coding.key)
        let value = try BinaryEncoding.encoded(row, with: scratch.row, coding: table.coding.row)
        try LedgerError.typed { try store.set(table.id, key: storedKey, value: value) }
    }

    /// Removes the row under `key`, if there is one, and takes it out of the table's indexes.
    @inlinable
    public func remove<Key, Row>(_ table: ReadModelTable<Key, Row>, _ key: Key) throws(LedgerError) {
        guard table.indexes.isEmpty else { return try IndexedWrite.write(nil as Row?, under: key, of: table, through: self) }
        let storedKey = try BinaryEncoding.encoded(key, with: scratch.key, coding: table.coding.key)
        try LedgerError.typed { try store.remove(table.id, key: storedKey) }
    }
}
