/// Writes entries given in key order into one table through one cursor: an entry whose key
/// sorts after every key of the table goes in with `MDB_APPEND`, which neither searches the
/// B-tree nor leaves pages half full; any other with an ordinary put, which finds the pages
/// of the entry before it still in the caches.
struct OrderedPuts {
    private let txn: Transaction
    private let cursor: Cursor
    /// The table's last key; nil while the table is empty.
    private var lastKey: [UInt8]?

    /// Puts into the table `cursor`, one of `txn`'s, is open on.
    init(_ txn: Transaction, through cursor: Cursor) throws {
        self.txn = txn
        self.cursor = cursor
        lastKey = try cursor.last().map { Array($0.key) }
    }

    /// Stores `value` under `key`, replacing any value there. Keys given in order are written
    /// fastest; in any order they are stored all the same.
    mutating func put(_ key: UnsafeRawBufferPointer, _ value: UnsafeRawBufferPointer) throws {
        let appends = lastKey?.withUnsafeBytes { KeyOrder.precedes($0, key) } ?? true
        try txn.put(through: cursor, key, value, append: appends)
        if appends {
            lastKey = lastKey ?? []
            lastKey!.removeAll(keepingCapacity: true)
            lastKey!.append(contentsOf: key)
        }
    }
}
