#if canImport(Glibc)
import Glibc
#endif

/// One read-model table folded in memory by a rebuild or a large commit: every version of every row, as the
/// stored table would hold them (`StoredRow` keys and values), found by key through an
/// open-addressing hash table, and written out at the end in key order, mostly with
/// `MDB_APPEND`, which neither searches the B-tree nor leaves pages half full.
///
/// The fold reads and writes rows in no order the memory caches can foresee, so a row is
/// laid out for few cache misses: its slot leads to its record, which holds its key and
/// the address of its newest version, which holds the value. Versions link to the one
/// before; adding one changes only the row's record.
///
/// Used by one thread, one call at a time: its stored properties are not checked for
/// exclusive access at run time, which costs more than the reads and writes themselves.
final class FoldedTable {
    /// A row's record in `records`: the newest version's address (4 bytes), the key's length
    /// (2), then the key.
    private struct RowRecord {
        let base: UnsafeMutableRawPointer

        static func byteCount(key: UnsafeRawBufferPointer) -> Int { 6 + key.count }

        static func initialize(_ bytes: UnsafeMutableRawBufferPointer, key: UnsafeRawBufferPointer, newest: ArenaAddress) {
            precondition(key.count <= Int(UInt16.max), "a read-model key of \(key.count) bytes")
            RowRecord(base: bytes.baseAddress!).newest = newest
            bytes.storeBytes(of: UInt16(key.count), toByteOffset: 4, as: UInt16.self)
            UnsafeMutableRawBufferPointer(rebasing: bytes[6...]).copyMemory(from: key)
        }

        var newest: ArenaAddress {
            get { base.loadUnaligned(as: ArenaAddress.self) }
            nonmutating set { base.storeBytes(of: newValue, as: ArenaAddress.self) }
        }

        var key: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: base + 6, count: Int(base.loadUnaligned(fromByteOffset: 4, as: UInt16.self)))
        }
    }

    /// A version's record in `versions`: its position (8 bytes), the address of the row's
    /// version before it (4; `.none` for the oldest), the value's length (4), then the value.
    private struct VersionRecord {
        let base: UnsafeMutableRawPointer

        static func byteCount(valueCount: Int) -> Int { 16 + valueCount }

        var position: UInt64 { base.loadUnaligned(as: UInt64.self) }
        var older: ArenaAddress { base.loadUnaligned(fromByteOffset: 8, as: ArenaAddress.self) }

        var value: UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(start: base + 16, count: Int(base.loadUnaligned(fromByteOffset: 12, as: UInt32.self)))
        }
    }

    /// The rows' records.
    private let records = ByteArena()
    /// The versions' records, in the order they were written.
    private let versions = ByteArena()
    /// Every row, by the address of its record: the first `sortedCount` in key order, then
    /// the rows added since, in the order they were added.
    private let rows = ChunkedArray<ArenaAddress>()
    @exclusivity(unchecked) private var sortedCount = 0
    /// The rows by key.
    @exclusivity(unchecked) private var slots = RowSlots()
    /// The rows by their first key components, one index per number of components a prefix
    /// scan has asked for.
    @exclusivity(unchecked) private var prefixIndexes: [PrefixIndex] = []
    /// The position written at last, and the first version written at it (`.none` before
    /// one is): a row whose newest version is not older is replaced, not given another.
    @exclusivity(unchecked) private var position: UInt64 = 0
    @exclusivity(unchecked) private var firstVersionAtPosition = ArenaAddress.none

    /// About how many bytes of memory the table takes.
    var byteCount: Int { records.capacity + versions.capacity + rows.capacity + slots.byteCount }

    /// The stored value of the newest version of the row under `storedKey`, nil when the
    /// row was never written.
    func newestValue(_ storedKey: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        find(storedKey).row.map { version(record($0).newest).value }
    }

    /// Adds a version of the row under the stored key `key` at `position`, whose value of `valueCount`
    /// bytes `value` writes; one already written at `position` is replaced, as a put of the
    /// same version key would. Positions must not decrease from one write to the next.
    func write(_ key: UnsafeRawBufferPointer, valueCount: Int, at position: UInt64, value: (UnsafeMutableRawBufferPointer) -> Void) {
        precondition(position >= self.position, "read-model rows folded out of position order")
        if position > self.position {
            self.position = position
            firstVersionAtPosition = .none
        }
        let (slot, found) = find(key)
        guard let found else {
            let newest = addVersion(position: position, older: .none, valueCount: valueCount, value)
            addRow(key, slot: slot, newest: newest)
            return
        }
        let row = record(found)
        // A version replaced at the same position leaves its record unused.
        let replaces = firstVersionAtPosition != .none && row.newest >= firstVersionAtPosition
        let older = replaces ? version(row.newest).older : row.newest
        row.newest = addVersion(position: position, older: older, valueCount: valueCount, value)
    }

    /// The stored keys and newest values of the rows whose stored key starts with `prefix`
    /// (whole values, or empty for every row), in key order: all of them with
    /// `includingRemovals`, else those whose newest version is not a removal. The bytes stay
    /// valid while the table lives.
    func newestRows(prefix: UnsafeRawBufferPointer, includingRemovals: Bool = false) -> [(key: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer)]
    {
        var candidates = prefix.isEmpty ? (0..<rows.count).map { rows[$0] } : rowsStarting(with: prefix)
        candidates.sort { KeyOrder.precedes(record($0).key, record($1).key) }
        return candidates.compactMap { address in
            let row = record(address)
            let value = version(row.newest).value
            return includingRemovals || StoredRow.isPresent(value) ? (row.key, value) : nil
        }
    }

    /// Whether no row was written.
    var isEmpty: Bool { rows.count == 0 }

    /// Writes every version, oldest first within each row, into `table`: past the table's last
    /// key (all of them into an empty table) with `MDB_APPEND`. The table cannot be read
    /// afterwards: its lookup structures are let go first.
    ///
    /// Rows are written a batch at a time, their version keys and values gathered into one
    /// buffer by a helper thread while this one writes the batch before: gathering reads
    /// records and versions scattered through memory, and takes longer than writing.
    func store(into table: Table, _ txn: Transaction) throws {
        sortRows()
        slots.removeAll()
        prefixIndexes = []
        let batches = (rows.count + Self.rowsPerBatch - 1) / Self.rowsPerBatch
        try txn.withCursor(table) { cursor in
            var puts = try OrderedPuts(txn, through: cursor)
            try TwoStagePipeline(VersionBatch()).run(
                steps: batches,
                produce: { [self] batch, buffer in
                    gather(batch: batch, into: &buffer)
                },
                consume: { _, buffer in
                    try buffer.forEach { key, value in try puts.put(key, value) }
                })
        }
    }

    /// Puts the versions of the rows of batch `batch` into `buffer`, oldest first within each row.
    ///
    /// Each record and version is a cache miss away, so they are found a step at a time across
    /// the whole batch: first every row's newest version, then every row's version before that,
    /// and so on. No load then waits for another of the same step, and the misses of a step
    /// overlap instead of following one another.
    private func gather(batch: Int, into buffer: inout VersionBatch) {
        buffer.removeAll()
        let rowIndexes = batch * Self.rowsPerBatch..<min((batch + 1) * Self.rowsPerBatch, rows.count)
        for index in rowIndexes { buffer.found.append((UInt32(index - rowIndexes.lowerBound), record(rows[index]).newest)) }
        var step = buffer.found.startIndex..<buffer.found.endIndex
        while !step.isEmpty {
            for index in step {
                let older = version(buffer.found[index].version).older
                if older != .none { buffer.found.append((buffer.found[index].row, older)) }
            }
            step = step.upperBound..<buffer.found.endIndex
        }
        // Versions by row (a stable counting sort keeps each row's newest first), then written oldest first.
        buffer.order.append(contentsOf: repeatElement(0, count: rowIndexes.count + 1))
        for found in buffer.found { buffer.order[Int(found.row) + 1] += 1 }
        for row in 0..<rowIndexes.count { buffer.order[row + 1] += buffer.order[row] }
        buffer.byRow.append(contentsOf: repeatElement(.none, count: buffer.found.count))
        var next = buffer.order
        for found in buffer.found {
            buffer.byRow[next[Int(found.row)]] = found.version
            next[Int(found.row)] += 1
        }
        for (offset, index) in rowIndexes.enumerated() {
            let key = record(rows[index]).key
            for address in buffer.byRow[buffer.order[offset]..<buffer.order[offset + 1]].reversed() {
                let version = version(address)
                buffer.append(key: key, position: version.position, value: version.value)
            }
        }
    }

    /// How many rows `store` gathers before writing them.
    private static let rowsPerBatch = 256

    /// Puts the rows in key order. A rebuild calls it ahead of `store` on the thread that
    /// folded the table, beside the other folds; `store` then sorts only the rows added since
    /// and merges them in.
    func sortRows() {
        let added = sorted(sortedCount..<rows.count)
        // Merged from the end, the larger of the two candidates last, into the room the added rows leave.
        var (old, new, slot) = (sortedCount - 1, added.count - 1, rows.count - 1)
        while new >= 0 {
            if old >= 0 && KeyOrder.precedes(record(added[new]).key, record(rows[old]).key) {
                rows[slot] = rows[old]
                old -= 1
            } else {
                rows[slot] = added[new]
                new -= 1
            }
            slot -= 1
        }
        sortedCount = rows.count
    }

    /// The rows at `indexes` of `rows`, sorted by key. Keys are compared by their first eight
    /// bytes first (most differ there), and in full only when those are equal.
    private func sorted(_ indexes: Range<Int>) -> [ArenaAddress] {
        var order = indexes.map { (lead: KeyOrder.leadingBytes(record(rows[$0]).key), row: rows[$0]) }
        order.sort { lhs, rhs in
            if lhs.lead != rhs.lead { return lhs.lead < rhs.lead }
            return KeyOrder.precedes(record(lhs.row).key, record(rhs.row).key)
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

    private func version(_ address: ArenaAddress) -> VersionRecord {
        VersionRecord(base: versions.pointer(address))
    }

    /// Adds a version record, its value written by `value`, and returns its address.
    private func addVersion(
        position: UInt64, older: ArenaAddress, valueCount: Int,
        _ value: (UnsafeMutableRawBufferPointer) -> Void
    ) -> ArenaAddress {
        let address = versions.append(count: VersionRecord.byteCount(valueCount: valueCount)) { bytes in
            bytes.storeBytes(of: position, as: UInt64.self)
            bytes.storeBytes(of: older, toByteOffset: 8, as: ArenaAddress.self)
            bytes.storeBytes(of: UInt32(valueCount), toByteOffset: 12, as: UInt32.self)
            value(UnsafeMutableRawBufferPointer(rebasing: bytes[16...]))
        }
        if firstVersionAtPosition == .none { firstVersionAtPosition = address }
        return address
    }

    private func addRow(_ key: UnsafeRawBufferPointer, slot: Int, newest: ArenaAddress) {
        precondition(rows.count < Int(Int32.max), "too many rows in one read-model table")
        let row = records.append(count: RowRecord.byteCount(key: key)) { RowRecord.initialize($0, key: key, newest: newest) }
        rows.append(row)
        for prefixIndex in prefixIndexes { prefixIndex.add(row, key: key) }
        slots.insert(row, at: slot, of: rows, keyOf: keyOf)
    }

    /// The rows whose key starts with `prefix`, indexing every row by its first values
    /// the first time a prefix of that many values is asked for.
    private func rowsStarting(with prefix: UnsafeRawBufferPointer) -> [ArenaAddress] {
        let components = KeyValues.count(in: prefix)
        let prefixIndex =
            prefixIndexes.first { $0.components == components }
            ?? {
                let prefixIndex = PrefixIndex(components: components)
                for index in 0..<rows.count { prefixIndex.add(rows[index], key: keyOf(rows[index])) }
                prefixIndexes.append(prefixIndex)
                return prefixIndex
            }()
        return prefixIndex.rows(startingWith: prefix).filter { row in
            let key = keyOf(row)
            return key.count >= prefix.count && memcmp(key.baseAddress!, prefix.baseAddress!, prefix.count) == 0
        }
    }

    /// The rows (live or not) by their first `components` key values, kept up to date
    /// from the first prefix scan of that many values on. Rows are listed by a hash of
    /// those components: rows of other prefixes whose hash is the same may be listed with them.
    private final class PrefixIndex {
        let components: Int
        private var rows: [Int: [ArenaAddress]] = [:]

        init(components: Int) {
            self.components = components
        }

        func add(_ row: ArenaAddress, key: UnsafeRawBufferPointer) {
            if let prefix = prefix(of: key) { rows[RowSlots.hash(prefix), default: []].append(row) }
        }

        /// The rows whose key starts with `prefix`, with perhaps some that do not.
        func rows(startingWith prefix: UnsafeRawBufferPointer) -> [ArenaAddress] {
            rows[RowSlots.hash(prefix)] ?? []
        }

        /// The first `components` values of `key`; nil when the key has fewer.
        private func prefix(of key: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
            KeyValues.prefix(components, of: key)
        }
    }

    /// Version keys (stored key ‖ NUL ‖ big-endian position) and values gathered in one buffer.
    private struct VersionBatch {
        private var bytes: [UInt8] = []
        /// Where each version's key and value end in `bytes`.
        private var ends: [(key: Int, value: Int)] = []
        /// While a batch is gathered: its versions as they are found (the row's offset in the
        /// batch, and the version), where each row's versions begin in `byRow`, and the versions
        /// grouped by row, newest first.
        var found: [(row: UInt32, version: ArenaAddress)] = []
        var order: [Int] = []
        var byRow: [ArenaAddress] = []

        mutating func removeAll() {
            bytes.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            found.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            byRow.removeAll(keepingCapacity: true)
        }

        mutating func append(key storedKey: UnsafeRawBufferPointer, position: UInt64, value: UnsafeRawBufferPointer) {
            bytes.append(contentsOf: storedKey)
            bytes.append(0)
            withUnsafeBytes(of: position.bigEndian) { bytes.append(contentsOf: $0) }
            let keyEnd = bytes.count
            bytes.append(contentsOf: value)
            ends.append((keyEnd, bytes.count))
        }

        /// Calls `body` with each version's key and value, in the order they were appended.
        func forEach(_ body: (UnsafeRawBufferPointer, UnsafeRawBufferPointer) throws -> Void) rethrows {
            try bytes.withUnsafeBytes { buffer in
                var start = 0
                for end in ends {
                    try body(UnsafeRawBufferPointer(rebasing: buffer[start..<end.key]), UnsafeRawBufferPointer(rebasing: buffer[end.key..<end.value]))
                    start = end.value
                }
            }
        }
    }
}
