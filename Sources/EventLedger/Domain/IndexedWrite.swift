/// A write of one row of a table with indexes: the row's entries move from the keys of
/// its old row to those of its new one, a unique index refusing a key another row holds.
/// An entry holds the row's key and a copy of the row (`IndexEntry`), so a read through an
/// index is one scan of it.
///
/// The typed part (encoding the row and its index keys, decoding the old row) is inlined
/// into the domain that writes, so it runs specialized for the domain's types; the entries
/// are then written from bytes by `IndexEntryWrites`.
///
/// Its functions take the table as an argument rather than keeping a copy of it: a copy
/// retains every reference the table holds, on every write.
@usableFromInline
enum IndexedWrite {
    /// Stores `row` (nil: removes the row) and moves its index entries. A row written as it
    /// is stored already changes nothing.
    @inlinable
    static func write<Key, Row>(
        _ row: Row?, under key: Key, of table: ReadModelTable<Key, Row>, through writer: ReadModelWriter
    ) throws(LedgerError) {
        let keyBytes = try encoded(key, writer.scratch.key, table.coding.key)
        var rowBytes: [UInt8]?
        if let row { rowBytes = try encoded(row, writer.scratch.row, table.coding.row) }
        let (reader, coding, name) = (writer.scratch.reader, table.coding.row, table.qualifiedName)
        let old = try LedgerError.typed {
            try keyBytes.withUnsafeBytes { storedKey in
                try writer.store.withValue(table.id, key: storedKey) { value -> (row: Row?, isSame: Bool) in
                    guard let value else { return (nil, rowBytes == nil) }
                    if let rowBytes, value.elementsEqual(rowBytes) { return (nil, true) }
                    return (try BinaryDecoding.decode(from: value, as: .row, with: reader, coding: coding, source: "a row of \(name)"), false)
                }
            }
        }
        if !old.isSame { try move(key, keyBytes, from: old.row, to: row, rowBytes, of: table, through: writer) }
    }

    /// Applies `change` to the stored row, when there is one, and stores the result, moving
    /// its index entries, unless `change` returns false. Returns whether it stored a row.
    @inlinable
    static func update<Key, Row>(
        under key: Key, of table: ReadModelTable<Key, Row>, through writer: ReadModelWriter,
        _ change: (inout Row) throws(LedgerError) -> Bool
    ) throws(LedgerError) -> Bool {
        let keyBytes = try encoded(key, writer.scratch.key, table.coding.key)
        guard let stored = try storedRow(keyBytes, of: table, through: writer) else { return false }
        var row = stored.row
        guard try change(&row) else { return false }
        let rowBytes = try encoded(row, writer.scratch.row, table.coding.row)
        if rowBytes != stored.bytes { try move(key, keyBytes, from: stored.row, to: row, rowBytes, of: table, through: writer) }
        return true
    }

    /// Writes `row`, whose bytes are `rowBytes`, under `keyBytes` in place of `old`, moving
    /// the entries of every index from the old row's keys to the new one's.
    @inlinable
    static func move<Key, Row>(
        _ key: Key, _ keyBytes: [UInt8], from old: Row?, to row: Row?, _ rowBytes: [UInt8]?,
        of table: ReadModelTable<Key, Row>, through writer: ReadModelWriter
    ) throws(LedgerError) {
        let keyWriter = writer.scratch.key
        var moves: [IndexEntryWrites.Move] = []
        moves.reserveCapacity(table.indexes.count)
        for index in table.indexes {
            var oldKey: [UInt8]?
            var newKey: [UInt8]?
            if let old { oldKey = try index.declaration.encodedKey(old, keyWriter) }
            if let row { newKey = try index.declaration.encodedKey(row, keyWriter) }
            moves.append(IndexEntryWrites.Move(table: index.id, isUnique: index.declaration.isUnique, old: oldKey, new: newKey))
        }
        try IndexEntryWrites(store: writer.store, key: keyBytes, row: rowBytes).write(table.id, moves) {
            position, holderKey, holderRow throws(LedgerError) in
            try violation(of: table.indexes[position], by: key, holderKey: holderKey, holderRow: holderRow, in: table, writer.scratch)
        }
    }

    /// `value`, a key or row of a table, in its binary form.
    @inlinable
    static func encoded<Value>(_ value: Value, _ writer: BinaryWriter, _ coding: BinaryCoding<Value>) throws(LedgerError) -> [UInt8] {
        Array(try BinaryEncoding.encoded(value, with: writer, coding: coding))
    }

    /// The row stored under `keyBytes`, decoded and in its binary form, or nil.
    @inlinable
    static func storedRow<Key, Row>(
        _ keyBytes: [UInt8], of table: ReadModelTable<Key, Row>, through writer: ReadModelWriter
    ) throws(LedgerError) -> (row: Row, bytes: [UInt8])? {
        let (reader, coding, name) = (writer.scratch.reader, table.coding.row, table.qualifiedName)
        return try LedgerError.typed {
            try keyBytes.withUnsafeBytes { storedKey in
                try writer.store.withValue(table.id, key: storedKey) { value -> (row: Row, bytes: [UInt8])? in
                    guard let value else { return nil }
                    let row = try BinaryDecoding.decode(from: value, as: .row, with: reader, coding: coding, source: "a row of \(name)")
                    return (row, Array(value))
                }
            }
        }
    }

    /// The rule violation of the unique `index`, whose entry for this row's new key the row
    /// `holderRow` under `holderKey` (in their binary forms) holds: it names both rows and the
    /// key as the holder's row has it.
    @usableFromInline
    static func violation<Key, Row>(
        of index: StoredIndex<Row>, by key: Key, holderKey: [UInt8], holderRow: [UInt8],
        in table: ReadModelTable<Key, Row>, _ scratch: BinaryScratch
    ) throws(LedgerError) -> LedgerError {
        let reader = scratch.reader
        let source = "an entry of \(index.id.name)"
        let holder = try LedgerError.typed {
            try holderKey.withUnsafeBytes { key in
                try holderRow.withUnsafeBytes { row in
                    (
                        key: try BinaryDecoding.decode(from: key, as: .key, with: reader, coding: table.coding.key, source: source),
                        row: try BinaryDecoding.decode(from: row, as: .row, with: reader, coding: table.coding.row, source: source)
                    )
                }
            }
        }
        return LedgerError.rule(
            index.declaration.rule,
            entity: "\(entity(key, in: table)) (\(index.declaration.describedKey(holder.row)) is taken by \(entity(holder.key, in: table)))")
    }

    /// How a message names the row under `key`: its entity's stream when the table holds
    /// entities, else the table and the key.
    @usableFromInline
    static func entity<Key, Row>(_ key: Key, in table: ReadModelTable<Key, Row>) -> String {
        if let prefix = table.entityStreamPrefix, let id = key as? String { return prefix + id }
        return "\(table.qualifiedName) \(key)"
    }
}
