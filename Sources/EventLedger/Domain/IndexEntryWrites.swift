/// The byte-level part of writing a row of a table with indexes: checks the row's new keys in
/// its unique indexes, moves its entries from its old keys to its new ones, then stores the
/// row. It knows no key or row type, so it is compiled once for every table.
@usableFromInline
struct IndexEntryWrites {
    /// How one index's entry of the row moves.
    @usableFromInline
    struct Move {
        /// The table holding the index's entries.
        let table: TableName
        /// Whether no two rows may share a key in the index.
        let isUnique: Bool
        /// The index key of the row stored now, nil when it is not in the index.
        let old: [UInt8]?
        /// The index key of the row written, nil when it leaves the index.
        let new: [UInt8]?

        @usableFromInline
        init(table: TableName, isUnique: Bool, old: [UInt8]?, new: [UInt8]?) {
            self.table = table
            self.isUnique = isUnique
            self.old = old
            self.new = new
        }
    }

    private let store: any RowStoreWriting
    private let key: [UInt8]
    private let row: [UInt8]?

    /// The writes of `row` (nil: its removal) under the table key `key`, into `store`.
    @usableFromInline
    init(store: any RowStoreWriting, key: [UInt8], row: [UInt8]?) {
        self.store = store
        self.key = key
        self.row = row
    }

    /// Writes the row into `table` and moves its entries as `moves` say. Every new key of a
    /// unique index is checked before anything is written, so a refused write changes
    /// nothing: a key another row holds throws what `violation` makes of the index's position
    /// in `moves` and the holder's entry (its table key and row, in their binary forms).
    @usableFromInline
    func write(
        _ table: TableName, _ moves: [Move],
        violation: (_ position: Int, _ holderKey: [UInt8], _ holderRow: [UInt8]) throws(LedgerError) -> LedgerError
    ) throws(LedgerError) {
        if row != nil {
            for (position, move) in moves.enumerated() where move.isUnique {
                guard let new = move.new, new != move.old else { continue }
                if let holder = try holder(of: new, in: move.table) { throw try violation(position, holder.key, holder.row) }
            }
        }
        // An entry holds a copy of the row: it is written again whenever the row changes.
        try LedgerError.typed {
            try IndexEntry.withValue(key: key, row: row) { value in
                for move in moves {
                    if let old = move.old, old != move.new {
                        try withEntryKey(old, move) { try store.remove(move.table, key: $0) }
                    }
                    if let new = move.new, let value {
                        try withEntryKey(new, move) { try store.set(move.table, key: $0, value: value) }
                    }
                }
            }
            try key.withUnsafeBytes { key in
                guard let row else { return try store.remove(table, key: key) }
                try row.withUnsafeBytes { try store.set(table, key: key, value: $0) }
            }
        }
    }

    /// Calls `body` with the key of the entry of this row under `indexKey`: the index key alone
    /// in a unique index, followed by the table key in another, where rows share index keys.
    /// It is put together on the stack: the store copies what it keeps.
    private func withEntryKey(_ indexKey: [UInt8], _ move: Move, _ body: (UnsafeRawBufferPointer) throws -> Void) throws {
        guard !move.isUnique else { return try indexKey.withUnsafeBytes(body) }
        try withUnsafeTemporaryAllocation(byteCount: indexKey.count + key.count, alignment: 1) { entryKey in
            indexKey.withUnsafeBytes { entryKey.copyMemory(from: $0) }
            key.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: entryKey[indexKey.count...]).copyMemory(from: $0) }
            try body(UnsafeRawBufferPointer(entryKey))
        }
    }

    /// The entry of another row holding `indexKey` in the unique index kept in `table`, if any.
    private func holder(of indexKey: [UInt8], in table: TableName) throws(LedgerError) -> (key: [UInt8], row: [UInt8])? {
        try LedgerError.typed {
            try indexKey.withUnsafeBytes { entry in
                try store.withValue(table, key: entry) { value -> (key: [UInt8], row: [UInt8])? in
                    guard let value else { return nil }
                    let parts = try IndexEntry.parts(of: value)
                    guard !parts.key.elementsEqual(key) else { return nil }
                    return (Array(parts.key), Array(parts.row))
                }
            }
        }
    }
}
