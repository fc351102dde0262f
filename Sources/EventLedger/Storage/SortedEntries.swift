/// Keys and values gathered to be written into a table in key order, through `OrderedPuts`.
/// They are kept one after another in one buffer, and sorted by where they lie in it.
struct SortedEntries {
    private var bytes: [UInt8] = []
    /// Each entry's key's first eight bytes (`KeyOrder.leadingBytes`), where its key begins in
    /// `bytes`, and the lengths of its key and of its value, which follows the key.
    private var entries: [(lead: UInt64, start: Int, keyCount: Int, valueCount: Int)] = []

    /// Adds an entry to write.
    mutating func append(_ key: [UInt8], _ value: [UInt8]) {
        let lead = key.withUnsafeBytes(KeyOrder.leadingBytes)
        entries.append((lead, bytes.count, key.count, value.count))
        bytes.append(contentsOf: key)
        bytes.append(contentsOf: value)
    }

    /// Writes the entries, whose keys must differ, into `table` in key order.
    mutating func put(into table: Table, _ txn: Transaction) throws {
        guard !entries.isEmpty else { return }
        try bytes.withUnsafeBytes { buffer in
            let key = { (entry: (lead: UInt64, start: Int, keyCount: Int, valueCount: Int)) in
                UnsafeRawBufferPointer(rebasing: buffer[entry.start..<(entry.start + entry.keyCount)])
            }
            // Compared by their first eight bytes first (most keys differ there), in full only when those are equal.
            entries.sort { lhs, rhs in lhs.lead != rhs.lead ? lhs.lead < rhs.lead : KeyOrder.precedes(key(lhs), key(rhs)) }
            try txn.withCursor(table) { cursor in
                var puts = try OrderedPuts(txn, through: cursor)
                for entry in entries {
                    let valueStart = entry.start + entry.keyCount
                    try puts.put(key(entry), UnsafeRawBufferPointer(rebasing: buffer[valueStart..<(valueStart + entry.valueCount)]))
                }
            }
        }
    }
}
