#if canImport(Glibc)
import Glibc
#endif

/// One read-model table folded in memory by a rebuild: every version of every row, as the
/// stored table would hold them (`StoredRow` keys and values), found by key through an
/// open-addressing hash table, and written out at the end in key order, mostly with
/// `MDB_APPEND`, which neither searches the B-tree nor leaves pages half full.
final class FoldedTable {
    private struct Row {
        let key: ArenaSlice
        var oldestVersion: Int32
        var newestVersion: Int32
    }

    private struct Version {
        // The position in two halves: the version then takes 20 bytes instead of 24.
        private let positionHigh: UInt32
        private let positionLow: UInt32
        var value: ArenaSlice
        /// The row's next version, -1 for its newest.
        var newer: Int32 = -1

        init(position: UInt64, value: ArenaSlice) {
            positionHigh = UInt32(truncatingIfNeeded: position >> 32)
            positionLow = UInt32(truncatingIfNeeded: position)
            self.value = value
        }

        var position: UInt64 { UInt64(positionHigh) << 32 | UInt64(positionLow) }
    }

    private let arena = ByteArena()
    private let rows = ChunkedArray<Row>()
    private let versions = ChunkedArray<Version>()
    /// Row indexes by hash of their key, -1 in an empty slot; a power of two long, at most half full.
    private var slots = [Int32](repeating: -1, count: 1024)
    /// The rows by their first key components, one index per number of components a prefix
    /// scan has asked for.
    private var prefixIndexes: [PrefixIndex] = []
    /// The row found or added last, -1 for none: a projector often reads a row and then writes it.
    private var lastFound: Int32 = -1

    /// About how many bytes of memory the table takes.
    var byteCount: Int { arena.capacity + rows.capacity + versions.capacity + slots.count * MemoryLayout<Int32>.stride }

    /// The stored value of the newest version of the row under `storedKey`, nil when the
    /// row was never written.
    func newestValue(_ storedKey: [UInt8]) -> UnsafeRawBufferPointer? {
        storedKey.withUnsafeBytes { key in
            find(key).row.map { arena.bytes(versions[Int(rows[Int($0)].newestVersion)].value) }
        }
    }

    /// Adds a version of the row under `storedKey` at `position`; one already written at
    /// `position` is replaced, as a put of the same version key would.
    func write(_ storedKey: [UInt8], _ value: [UInt8], at position: UInt64) {
        let valueSlice = arena.append(value)
        storedKey.withUnsafeBytes { key in
            let (slot, found) = find(key)
            guard let found else {
                addRow(key, slot: slot, version: Version(position: position, value: valueSlice))
                return
            }
            let newest = Int(rows[Int(found)].newestVersion)
            if versions[newest].position == position {
                versions[newest].value = valueSlice
                return
            }
            let index = nextVersionIndex()
            versions.append(Version(position: position, value: valueSlice))
            versions[newest].newer = index
            rows[Int(found)].newestVersion = index
        }
    }

    /// The stored keys and newest values of the rows whose stored key starts with `prefix`
    /// (whole components, ending with NUL, or empty for every row) and whose newest version
    /// is not a removal, in key order. The bytes stay valid while the table lives.
    func newestRows(prefix: [UInt8]) -> [(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)] {
        var candidates = prefix.isEmpty ? (0..<rows.count).map(Int32.init) : rowsStarting(with: prefix)
        candidates.sort { Self.precedes(arena.bytes(rows[Int($0)].key), arena.bytes(rows[Int($1)].key)) }
        return candidates.compactMap { index in
            let row = rows[Int(index)]
            let value = arena.bytes(versions[Int(row.newestVersion)].value)
            return StoredRow.isPresent(value) ? (arena.bytes(row.key), value) : nil
        }
    }

    /// Writes every version, oldest first within each row, into `table`, which must be empty.
    /// The table cannot be read afterwards: its lookup structures are let go first.
    func store(into table: Table, _ txn: Transaction) throws {
        slots = []
        prefixIndexes = []
        lastFound = -1
        var versionKey: [UInt8] = []
        var lastAppended: [UInt8] = []
        try txn.withCursor(table) { cursor in
            for (_, index) in rowsInKeyOrder() {
                let row = rows[Int(index)]
                let storedKey = arena.bytes(row.key)
                var next = row.oldestVersion
                while next >= 0 {
                    let version = versions[Int(next)]
                    versionKey.removeAll(keepingCapacity: true)
                    versionKey.append(contentsOf: storedKey)
                    versionKey.append(0)
                    withUnsafeBytes(of: version.position.bigEndian) { versionKey.append(contentsOf: $0) }
                    // Rows whose keys have empty components can interleave their versions with
                    // another row's; those few go in with an ordinary put.
                    let appends = versionKey.withUnsafeBytes { new in lastAppended.withUnsafeBytes { Self.precedes($0, new) } }
                    try versionKey.withUnsafeBytes { try txn.put(through: cursor, $0, arena.bytes(version.value), append: appends) }
                    if appends { swap(&lastAppended, &versionKey) }
                    next = version.newer
                }
            }
        }
    }

    /// Every row index (with the key's first eight bytes), sorted by key. Keys are compared by their first eight bytes first
    /// (most differ there), and in full only when those are equal.
    private func rowsInKeyOrder() -> [(lead: UInt64, row: Int32)] {
        var order = (0..<rows.count).map { (lead: Self.leadingBytes(arena.bytes(rows[$0].key)), row: Int32($0)) }
        order.sort { lhs, rhs in
            if lhs.lead != rhs.lead { return lhs.lead < rhs.lead }
            return Self.precedes(arena.bytes(rows[Int(lhs.row)].key), arena.bytes(rows[Int(rhs.row)].key))
        }
        return order
    }

    /// The row under `key`, or the empty slot where it would go.
    private func find(_ key: UnsafeRawBufferPointer) -> (slot: Int, row: Int32?) {
        if lastFound >= 0 && Self.equal(arena.bytes(rows[Int(lastFound)].key), key) { return (-1, lastFound) }
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while true {
            let row = slots[slot]
            if row < 0 { return (slot, nil) }
            if Self.equal(arena.bytes(rows[Int(row)].key), key) {
                lastFound = row
                return (slot, row)
            }
            slot = (slot + 1) & mask
        }
    }

    private static func equal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        lhs.count == rhs.count && (lhs.isEmpty || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0)
    }

    private func addRow(_ key: UnsafeRawBufferPointer, slot: Int, version: Version) {
        precondition(rows.count < Int(Int32.max), "too many rows in one read-model table")
        let index = Int32(rows.count)
        let versionIndex = nextVersionIndex()
        versions.append(version)
        let keySlice = arena.append(key)
        rows.append(Row(key: keySlice, oldestVersion: versionIndex, newestVersion: versionIndex))
        slots[slot] = index
        lastFound = index
        for prefixIndex in prefixIndexes { prefixIndex.add(index, key: key) }
        if rows.count * 2 > slots.count { growSlots() }
    }

    private func nextVersionIndex() -> Int32 {
        precondition(versions.count < Int(Int32.max), "too many row versions in one read-model table")
        return Int32(versions.count)
    }

    private func growSlots() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for index in 0..<rows.count {
            var slot = Self.hash(arena.bytes(rows[index].key)) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(index)
        }
    }

    /// The rows whose key starts with `prefix`, indexing every row by its first components
    /// the first time a prefix of that many components is asked for.
    private func rowsStarting(with prefix: [UInt8]) -> [Int32] {
        let components = prefix.reduce(0) { $1 == 0 ? $0 + 1 : $0 }
        if let prefixIndex = prefixIndexes.first(where: { $0.components == components }) {
            return prefixIndex.rows[Prefix(bytes: prefix)] ?? []
        }
        let prefixIndex = PrefixIndex(components: components)
        for row in 0..<rows.count { prefixIndex.add(Int32(row), key: arena.bytes(rows[row].key)) }
        prefixIndexes.append(prefixIndex)
        return prefixIndex.rows[Prefix(bytes: prefix)] ?? []
    }

    /// The first `components` components of `key` with the NUL after them; nil when the key
    /// has no more components than that.
    fileprivate static func prefix(of key: UnsafeRawBufferPointer, components: Int) -> [UInt8]? {
        var separators = 0
        for (offset, byte) in key.enumerated() where byte == 0 {
            separators += 1
            if separators == components { return Array(key[...offset]) }
        }
        return nil
    }

    /// A hash of `key`: eight bytes at a time, multiplied and rotated, then mixed so that
    /// every bit of the result depends on every input bit (the slot is taken from the low bits).
    private static func hash(_ key: UnsafeRawBufferPointer) -> Int {
        var hash = UInt64(key.count) &* 0x9E37_79B9_7F4A_7C15
        var offset = 0
        while offset + 8 <= key.count {
            hash = ((hash << 5 | hash >> 59) ^ key.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x517C_C1B7_2722_0A95
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < key.count {
            tail = tail << 8 | UInt64(key[offset])
            offset += 1
        }
        hash = ((hash << 5 | hash >> 59) ^ tail) &* 0x517C_C1B7_2722_0A95
        hash ^= hash >> 33
        hash &*= 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        return Int(truncatingIfNeeded: hash)
    }

    /// Whether `lhs` sorts before `rhs`, byte by byte, a prefix first (LMDB's key order).
    private static func precedes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        let common = min(lhs.count, rhs.count)
        if common > 0 {
            let order = memcmp(lhs.baseAddress!, rhs.baseAddress!, common)
            if order != 0 { return order < 0 }
        }
        return lhs.count < rhs.count
    }

    /// The first eight bytes of `key` as a big-endian number, zero-padded.
    private static func leadingBytes(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var lead: UInt64 = 0
        for offset in 0..<8 {
            lead = lead << 8 | UInt64(offset < key.count ? key[offset] : 0)
        }
        return lead
    }

    /// The rows (live or not) by their first `components` key components, kept up to date
    /// from the first prefix scan of that many components on.
    private final class PrefixIndex {
        let components: Int
        var rows: [Prefix: [Int32]] = [:]

        init(components: Int) {
            self.components = components
        }

        func add(_ row: Int32, key: UnsafeRawBufferPointer) {
            if let prefix = FoldedTable.prefix(of: key, components: components) { rows[Prefix(bytes: prefix), default: []].append(row) }
        }
    }

    /// Leading key bytes as a dictionary key, hashed as one run of bytes.
    private struct Prefix: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
