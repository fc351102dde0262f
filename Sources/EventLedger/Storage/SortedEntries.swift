/// Keys and values gathered to be written into a table in key order, through `OrderedPuts`.
struct SortedEntries {
    private var entries: [(key: [UInt8], value: [UInt8])] = []

    /// Adds an entry to write.
    mutating func append(_ key: [UInt8], _ value: [UInt8]) {
        entries.append((key, value))
    }

    /// Writes the entries, whose keys must differ, into `table` in key order.
    func put(into table: Table, _ txn: Transaction) throws {
        guard !entries.isEmpty else { return }
        // Compared by their first eight bytes first (most keys differ there), in full only when those are equal.
        let order = entries.indices.map { (lead: entries[$0].key.withUnsafeBytes(KeyOrder.leadingBytes), index: $0) }.sorted { lhs, rhs in
            if lhs.lead != rhs.lead { return lhs.lead < rhs.lead }
            return entries[lhs.index].key.withUnsafeBytes { left in
                entries[rhs.index].key.withUnsafeBytes { right in KeyOrder.precedes(left, right) }
            }
        }.map(\.index)
        try txn.withCursor(table) { cursor in
            var puts = try OrderedPuts(txn, through: cursor)
            for index in order {
                try entries[index].key.withUnsafeBytes { key in
                    try entries[index].value.withUnsafeBytes { value in try puts.put(key, value) }
                }
            }
        }
    }
}
