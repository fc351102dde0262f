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
        let entries = try table.indexes.map { index throws(LedgerError) in
            (
                index: index,
                old: try old.map { row throws(LedgerError) in try index.declaration.encodedKey(row, scratch.key) } ?? nil,
                new: try row.map { row throws(LedgerError) in try index.declaration.encodedKey(row, scratch.key) } ?? nil
            )
        }
        // Every unique key is checked before anything is written, so a refused write changes nothing.
        if let row {
            for entry in entries where entry.index.declaration.isUnique && entry.new != nil && entry.new != entry.old {
                try requireFree(entry.new!, of: entry.index, keyBytes, row)
            }
        }
        for entry in entries {
            if let oldKey = entry.old, oldKey != entry.new { try removeEntry(oldKey, of: entry.index, keyBytes) }
            // An entry holds a copy of the row: it is written again whenever the row changes.
            if let newKey = entry.new, let rowBytes { try setEntry(newKey, of: entry.index, keyBytes, rowBytes) }
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

    /// Throws the rule violation of the unique `index` when a row other than the one under
    /// `keyBytes` holds `indexKey`, naming both and the key as the holder's row has it.
    private func requireFree(_ indexKey: [UInt8], of index: StoredIndex<Row>, _ keyBytes: [UInt8], _ row: Row) throws(LedgerError) {
        let holder = try LedgerError.typed {
            try indexKey.withUnsafeBytes { entry in
                try writer.store.withValue(index.id, key: entry) { value -> (key: Key, row: Row)? in
                    guard let value else { return nil }
                    let parts = try IndexEntry.parts(of: value)
                    guard !parts.key.elementsEqual(keyBytes) else { return nil }
                    let reader = writer.scratch.reader
                    return (
                        try BinaryDecoding.decode(
                            from: parts.key, as: .key, with: reader, coding: table.coding.key, source: "a key in \(index.id.name)"),
                        try BinaryDecoding.decode(
                            from: parts.row, as: .row, with: reader, coding: table.coding.row, source: "a row in \(index.id.name)")
                    )
                }
            }
        }
        guard let holder else { return }
        throw LedgerError.rule(
            index.declaration.rule,
            entity: "\(entity(key)) (\(index.declaration.describedKey(holder.row)) is taken by \(entity(holder.key)))")
    }

    private func setEntry(_ indexKey: [UInt8], of index: StoredIndex<Row>, _ keyBytes: [UInt8], _ rowBytes: [UInt8]) throws(LedgerError) {
        let entry = entryKey(indexKey, of: index, keyBytes)
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
