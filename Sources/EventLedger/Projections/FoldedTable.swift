#if canImport(Glibc)
import Glibc
#endif

/// One read-model table folded in memory by a rebuild: every version of every row, as the
/// stored table would hold them (`StoredRow` keys and values), found by key through an
/// open-addressing hash table, and written out at the end in key order, mostly with
/// `MDB_APPEND`, which neither searches the B-tree nor leaves pages half full.
///
/// The fold reads and writes rows in no order the memory caches can foresee, so a row is
/// laid out for few cache misses: its slot leads to a record that holds its key and its
/// newest value's place, and reading it touches the slot, the record and the value.
final class FoldedTable {
    /// A row's record in `records`: the newest version's value (8 bytes) and number (4),
    /// the key's length (2), then the key.
    private struct RowRecord {
        let base: UnsafeMutableRawPointer

        static func byteCount(key: UnsafeRawBufferPointer) -> Int { 14 + key.count }

        static func initialize(_ bytes: UnsafeMutableRawBufferPointer, key: UnsafeRawBufferPointer, newestValue: ArenaSlice, newestVersion: Int32) {
            precondition(key.count <= Int(UInt16.max), "a read-model key of \(key.count) bytes")
            let record = RowRecord(base: bytes.baseAddress!)
            record.newestValue = newestValue
            record.newestVersion = newestVersion
            bytes.storeBytes(of: UInt16(key.count), toByteOffset: 12, as: UInt16.self)
            UnsafeMutableRawBufferPointer(rebasing: bytes[14...]).copyMemory(from: key)
        }

        var newestValue: ArenaSlice {
            get { base.loadUnaligned(as: ArenaSlice.self) }
            nonmutating set { base.storeBytes(of: newValue, as: ArenaSlice.self) }
        }

        var newestVersion: Int32 {
            get { base.loadUnaligned(fromByteOffset: 8, as: Int32.self) }
            nonmutating set { base.storeBytes(of: newValue, toByteOffset: 8, as: Int32.self) }
        }

        var key: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: base + 14, count: Int(base.loadUnaligned(fromByteOffset: 12, as: UInt16.self)))
        }
    }

    /// A version of a row, linked to the one before it: adding a version changes only the row.
    private struct Version {
        // The position in two halves: the version then takes 20 bytes instead of 24.
        private let positionHigh: UInt32
        private let positionLow: UInt32
        var value: ArenaSlice
        /// The row's version before this one, -1 for its oldest.
        let older: Int32

        init(position: UInt64, value: ArenaSlice, older: Int32) {
            positionHigh = UInt32(truncatingIfNeeded: position >> 32)
            positionLow = UInt32(truncatingIfNeeded: position)
            self.value = value
            self.older = older
        }

        var position: UInt64 { UInt64(positionHigh) << 32 | UInt64(positionLow) }
    }

    /// The rows' records.
    private let records = ByteArena()
    /// The versions' values.
    private let values = ByteArena()
    /// Every row, by the address of its record, in the order they were added.
    private let rows = ChunkedArray<ArenaAddress>()
    private let versions = ChunkedArray<Version>()
    /// The rows by key.
    private var slots = RowSlots()
    /// The rows by their first key components, one index per number of components a prefix
    /// scan has asked for.
    private var prefixIndexes: [PrefixIndex] = []
    /// The rows that existed at the last `sortRows`, in key order.
    private var sortedRows: [ArenaAddress] = []
    /// The position written at last, and the first version written at it: a later version
    /// of a row at that position is its newest, and replaces it.
    private var position: UInt64 = 0
    private var firstVersionAtPosition: Int32 = 0

    /// About how many bytes of memory the table takes.
    var byteCount: Int { records.capacity + values.capacity + rows.capacity + versions.capacity + slots.byteCount }

    /// The stored value of the newest version of the row under `storedKey`, nil when the
    /// row was never written.
    func newestValue(_ storedKey: [UInt8]) -> UnsafeRawBufferPointer? {
        storedKey.withUnsafeBytes { key in
            find(key).row.map { values.bytes(record($0).newestValue) }
        }
    }

    /// Adds a version of the row under `storedKey` at `position`, whose value of `valueCount`
    /// bytes `value` writes; one already written at `position` is replaced, as a put of the
    /// same version key would. Positions must not decrease from one write to the next.
    func write(_ storedKey: [UInt8], valueCount: Int, at position: UInt64, value: (UnsafeMutableRawBufferPointer) -> Void) {
        precondition(position >= self.position, "read-model rows folded out of position order")
        if position > self.position {
            self.position = position
            firstVersionAtPosition = nextVersionIndex()
        }
        let valueSlice = values.append(count: valueCount, value)
        storedKey.withUnsafeBytes { key in
            let (slot, found) = find(key)
            guard let found else {
                addRow(key, slot: slot, version: Version(position: position, value: valueSlice, older: -1))
                return
            }
            let row = record(found)
            let newest = row.newestVersion
            if newest >= firstVersionAtPosition {
                versions[Int(newest)].value = valueSlice
            } else {
                row.newestVersion = nextVersionIndex()
                versions.append(Version(position: position, value: valueSlice, older: newest))
            }
            row.newestValue = valueSlice
        }
    }

    /// The stored keys and newest values of the rows whose stored key starts with `prefix`
    /// (whole components, ending with NUL, or empty for every row) and whose newest version
    /// is not a removal, in key order. The bytes stay valid while the table lives.
    func newestRows(prefix: [UInt8]) -> [(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)] {
        var candidates = prefix.isEmpty ? (0..<rows.count).map { rows[$0] } : rowsStarting(with: prefix)
        candidates.sort { Self.precedes(record($0).key, record($1).key) }
        return candidates.compactMap { address in
            let row = record(address)
            let value = values.bytes(row.newestValue)
            return StoredRow.isPresent(value) ? (row.key, value) : nil
        }
    }

    /// Writes every version, oldest first within each row, into `table`, which must be empty.
    /// The table cannot be read afterwards: its lookup structures are let go first.
    func store(into table: Table, _ txn: Transaction) throws {
        let order = rowsInKeyOrder()
        slots.removeAll()
        prefixIndexes = []
        sortedRows = []
        var versionKey: [UInt8] = []
        var lastAppended: [UInt8] = []
        var rowVersions: [Int32] = []
        try txn.withCursor(table) { cursor in
            for address in order {
                let row = record(address)
                let storedKey = row.key
                rowVersions.removeAll(keepingCapacity: true)
                var next = row.newestVersion
                while next >= 0 {
                    rowVersions.append(next)
                    next = versions[Int(next)].older
                }
                for next in rowVersions.reversed() {
                    let version = versions[Int(next)]
                    versionKey.removeAll(keepingCapacity: true)
                    versionKey.append(contentsOf: storedKey)
                    versionKey.append(0)
                    withUnsafeBytes(of: version.position.bigEndian) { versionKey.append(contentsOf: $0) }
                    // Rows whose keys have empty components can interleave their versions with
                    // another row's; those few go in with an ordinary put.
                    let appends = versionKey.withUnsafeBytes { new in lastAppended.withUnsafeBytes { Self.precedes($0, new) } }
                    try versionKey.withUnsafeBytes { try txn.put(through: cursor, $0, values.bytes(version.value), append: appends) }
                    if appends { swap(&lastAppended, &versionKey) }
                }
            }
        }
    }

    /// Sorts the rows by key ahead of `store`, which then sorts only the rows added since:
    /// the sort can run on the thread that folded the table, beside the other folds.
    func sortRows() {
        sortedRows = rowsInKeyOrder()
    }

    /// Every row, sorted by key: the rows sorted by `sortRows` merged with those added since.
    private func rowsInKeyOrder() -> [ArenaAddress] {
        let added = sorted(sortedRows.count..<rows.count)
        guard !sortedRows.isEmpty else { return added }
        guard !added.isEmpty else { return sortedRows }
        var merged: [ArenaAddress] = []
        merged.reserveCapacity(rows.count)
        var (old, new) = (0, 0)
        while old < sortedRows.count && new < added.count {
            if Self.precedes(record(added[new]).key, record(sortedRows[old]).key) {
                merged.append(added[new])
                new += 1
            } else {
                merged.append(sortedRows[old])
                old += 1
            }
        }
        merged += sortedRows[old...]
        merged += added[new...]
        return merged
    }

    /// The rows added `indexes`-th, sorted by key. Keys are compared by their first eight
    /// bytes first (most differ there), and in full only when those are equal.
    private func sorted(_ indexes: Range<Int>) -> [ArenaAddress] {
        var order = indexes.map { (lead: Self.leadingBytes(record(rows[$0]).key), row: rows[$0]) }
        order.sort { lhs, rhs in
            if lhs.lead != rhs.lead { return lhs.lead < rhs.lead }
            return Self.precedes(record(lhs.row).key, record(rhs.row).key)
        }
        return order.map(\.row)
    }

    /// The row under `key`, or the empty slot where it would go.
    private func find(_ key: UnsafeRawBufferPointer) -> (slot: Int, row: ArenaAddress?) {
        slots.find(key, keyOf: keyOf)
    }

    private func record(_ row: ArenaAddress) -> RowRecord {
        RowRecord(base: records.pointer(row))
    }

    private func keyOf(_ row: ArenaAddress) -> UnsafeRawBufferPointer {
        record(row).key
    }

    private func addRow(_ key: UnsafeRawBufferPointer, slot: Int, version: Version) {
        let versionIndex = nextVersionIndex()
        versions.append(version)
        let row = records.appendAddressed(count: RowRecord.byteCount(key: key)) {
            RowRecord.initialize($0, key: key, newestValue: version.value, newestVersion: versionIndex)
        }
        rows.append(row)
        for prefixIndex in prefixIndexes { prefixIndex.add(row, key: key) }
        slots.insert(row, at: slot, of: rows, keyOf: keyOf)
    }

    private func nextVersionIndex() -> Int32 {
        precondition(versions.count < Int(Int32.max), "too many row versions in one read-model table")
        return Int32(versions.count)
    }

    /// The rows whose key starts with `prefix`, indexing every row by its first components
    /// the first time a prefix of that many components is asked for.
    private func rowsStarting(with prefix: [UInt8]) -> [ArenaAddress] {
        let components = prefix.reduce(0) { $1 == 0 ? $0 + 1 : $0 }
        if let prefixIndex = prefixIndexes.first(where: { $0.components == components }) {
            return prefixIndex.rows[Prefix(bytes: prefix)] ?? []
        }
        let prefixIndex = PrefixIndex(components: components)
        for index in 0..<rows.count { prefixIndex.add(rows[index], key: keyOf(rows[index])) }
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
        var rows: [Prefix: [ArenaAddress]] = [:]

        init(components: Int) {
            self.components = components
        }

        func add(_ row: ArenaAddress, key: UnsafeRawBufferPointer) {
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
