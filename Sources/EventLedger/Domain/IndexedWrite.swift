/// A write of one row of a table with indexes: the row's entries move from the keys of
/// its old row to those of its new one, a unique index refusing a key another row holds.
/// An entry holds the row's key and a copy of the row (`IndexEntry`), so a read through an
/// index is one scan of it.
@usableFromInline
struct IndexedWrite<Key, Row> {
    private let writer: ReadModelWriter
    private let table: ReadModelTable<Key, Row>
    private let key: Key

    /// A write of the row under `key` of `table`, through `writer`.
    @usableFromInline
    init(_ writer: ReadModelWriter, _ table: ReadModelTable<Key, Row>, _ key: Key) {
        self.writer = writer
        self.table = table
        self.key = key
    }

    /// Stores `row` (nil: removes the row) and moves its index entries.
    @usableFromInline
    func write(_ row: Row?) throws(LedgerError) {
        let scratch = writer.scratch
        let keyBytes = Array(try BinaryEncoding.encoded(key, with: scratch.key, coding: table.coding.key))
        let old = try writer.reader.row(table, key)
        let rowBytes = try row.map { row throws(LedgerError) in Array(try BinaryEncoding.encoded(row, with: scratch.row, coding: table.coding.row)) }
        for index in table.indexes {
            let oldEntry = try old.map { row throws(LedgerError) in try index.declaration.encodedKey(row, scratch.key) } ?? nil
            let newEntry = try row.map { row throws(LedgerError) in try index.declaration.encodedKey(row, scratch.key) } ?? nil
            guard oldEntry != newEntry else { continue }
            if let oldEntry { try removeEntry(oldEntry, of: index, keyBytes) }
            if let newEntry, let row, let rowBytes { try addEntry(newEntry, of: index, keyBytes, row, rowBytes) }
        }
        try LedgerError.typed {
            try keyBytes.withUnsafeBytes { storedKey in
                guard let rowBytes else { return try writer.store.remove(table.id, key: storedKey) }
                try rowBytes.withUnsafeBytes { value in try writer.store.set(table.id, key: storedKey, value: value) }
            }
        }
    }

    private func entryKey(_ indexKey: [UInt8], of index: StoredIndex<Row>, _ keyBytes: [UInt8]) -> [UInt8] {
        index.declaration.isUnique ? indexKey : indexKey + keyBytes
    }

    private func removeEntry(_ indexKey: [UInt8], of index: StoredIndex<Row>, _ keyBytes: [UInt8]) throws(LedgerError) {
        try LedgerError.typed {
            try entryKey(indexKey, of: index, keyBytes).withUnsafeBytes { entry in try writer.store.remove(index.id, key: entry) }
        }
    }

    private func addEntry(
        _ indexKey: [UInt8], of index: StoredIndex<Row>, _ keyBytes: [UInt8], _ row: Row, _ rowBytes: [UInt8]
    ) throws(LedgerError) {
        let entry = entryKey(indexKey, of: index, keyBytes)
        if index.declaration.isUnique {
            let holder = try LedgerError.typed {
                try entry.withUnsafeBytes { entry in
                    try writer.store.withValue(index.id, key: entry) { value in try value.map { Array(try IndexEntry.key(in: $0)) } }
                }
            }
            if let holder, holder != keyBytes {
                let holderKey = try LedgerError.typed {
                    try holder.withUnsafeBytes { bytes in
                        try BinaryDecoding.decode(
                            from: bytes, as: .key, with: writer.scratch.reader, coding: table.coding.key,
                            source: "a key of \(index.id.name)")
                    }
                }
                throw LedgerError.rule(
                    index.declaration.rule,
                    entity: "\(entity(key)) (\(index.declaration.describedKey(row)) is taken by \(entity(holderKey)))")
            }
        }
        let value = IndexEntry.value(key: keyBytes, row: rowBytes)
        try LedgerError.typed {
            try entry.withUnsafeBytes { entry in
                try value.withUnsafeBytes { value in try writer.store.set(index.id, key: entry, value: value) }
            }
        }
    }

    /// How a message names the row under `key`: its entity's stream when the table holds
    /// entities, else the table and the key.
    private func entity(_ key: Key) -> String {
        if let prefix = table.entityStreamPrefix, let id = key as? String { return prefix + id }
        return "\(table.qualifiedName) \(key)"
    }
}
