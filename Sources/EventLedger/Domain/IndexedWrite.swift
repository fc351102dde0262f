/// A write of one row of a table with indexes: the row's entries move from the keys of
/// its old row to those of its new one, a unique index refusing a key another row holds.
/// An entry holds the row's key and a copy of the row (`IndexEntry`), so a read through an
/// index is one scan of it.
///
/// The typed part (encoding the row and its index keys, decoding the old row) is inlined
/// into the domain that writes, so it runs specialized for the domain's types; the entries
/// are then written from bytes by `IndexEntryWrites`.
@usableFromInline
struct IndexedWrite<Key, Row> {
    @usableFromInline let writer: ReadModelWriter
    @usableFromInline let table: ReadModelTable<Key, Row>
    @usableFromInline let key: Key

    /// A write of the row under `key` of `table`, through `writer`.
    @inlinable
    init(_ writer: ReadModelWriter, _ table: ReadModelTable<Key, Row>, _ key: Key) {
        self.writer = writer
        self.table = table
        self.key = key
    }

    /// Stores `row` (nil: removes the row) and moves its index entries. A row written as it
    /// is stored already changes nothing.
    @inlinable
    func write(_ row: Row?) throws(LedgerError) {
        let keyBytes = try encodedKey()
        var rowBytes: [UInt8]?
        if let row { rowBytes = try encoded(row) }
        let stored = try storedRow(keyBytes)
        guard rowBytes != stored?.bytes else { return }
        try move(keyBytes, from: stored?.row, to: row, rowBytes)
    }

    /// Applies `change` to the stored row, when there is one, and stores the result, moving
    /// its index entries, unless `change` returns false. Returns whether it stored a row.
    @inlinable
    func update(_ change: (inout Row) throws(LedgerError) -> Bool) throws(LedgerError) -> Bool {
        let keyBytes = try encodedKey()
        guard let stored = try storedRow(keyBytes) else { return false }
        var row = stored.row
        guard try change(&row) else { return false }
        let rowBytes = try encoded(row)
        if rowBytes != stored.bytes { try move(keyBytes, from: stored.row, to: row, rowBytes) }
        return true
    }

    /// Writes `row`, whose bytes are `rowBytes`, under `keyBytes` in place of `old`, moving
    /// the entries of every index from the old row's keys to the new one's.
    @inlinable
    func move(_ keyBytes: [UInt8], from old: Row?, to row: Row?, _ rowBytes: [UInt8]?) throws(LedgerError) {
        let writer = writer.scratch.key
        var moves: [IndexEntryWrites.Move] = []
        moves.reserveCapacity(table.indexes.count)
        for index in table.indexes {
            var oldKey: [UInt8]?
            var newKey: [UInt8]?
            if let old { oldKey = try index.declaration.encodedKey(old, writer) }
            if let row { newKey = try index.declaration.encodedKey(row, writer) }
            moves.append(IndexEntryWrites.Move(table: index.id, isUnique: index.declaration.isUnique, old: oldKey, new: newKey))
        }
        try IndexEntryWrites(store: self.writer.store, key: keyBytes, row: rowBytes).write(table.id, moves) {
            position, holderKey, holderRow throws(LedgerError) in
            try violation(of: table.indexes[position], holderKey: holderKey, holderRow: holderRow)
        }
    }

    /// The key written, in its binary form.
    @inlinable
    func encodedKey() throws(LedgerError) -> [UInt8] {
        Array(try BinaryEncoding.encoded(key, with: writer.scratch.key, coding: table.coding.key))
    }

    /// `row` in its binary form.
    @inlinable
    func encoded(_ row: Row) throws(LedgerError) -> [UInt8] {
        Array(try BinaryEncoding.encoded(row, with: writer.scratch.row, coding: table.coding.row))
    }

    /// The row stored under `keyBytes`, decoded and in its binary form, or nil.
    @inlinable
    func storedRow(_ keyBytes: [UInt8]) throws(LedgerError) -> (row: Row, bytes: [UInt8])? {
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
    func violation(of index: StoredIndex<Row>, holderKey: [UInt8], holderRow: [UInt8]) throws(LedgerError) -> LedgerError {
        let reader = writer.scratch.reader
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
            entity: "\(entity(key)) (\(index.declaration.describedKey(holder.row)) is taken by \(entity(holder.key)))")
    }

    /// How a message names the row under `key`: its entity's stream when the table holds
    /// entities, else the table and the key.
    @usableFromInline
    func entity(_ key: Key) -> String {
        if let prefix = table.entityStreamPrefix, let id = key as? String { return prefix + id }
        return "\(table.qualifiedName) \(key)"
    }
}
