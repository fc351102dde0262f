#if canImport(Glibc)
import Glibc
#endif

/// How read-model rows are laid out in LMDB.
///
/// A key is a key's binary form (`BinaryForm.key`); one longer than `maximumKeyLength` (LMDB keys are at
/// most 511 bytes, and a 200-character title can take 800) is stored as its first bytes
/// followed by the SHA-256 of the whole key, and the whole key is kept in the value. Stored
/// keys therefore order as whole keys do, except among keys that share their first
/// `keptPrefixLength` bytes: readers put those back in order (`restoreWholeKeyOrder`).
///
/// A value is one flags byte (`present`, `fullKeyFollows`), then, when the key was
/// shortened, the whole key (`u16` length and bytes), then the row's binary form.
/// Versioned tables hold `stored key ‖ NUL ‖ big-endian position` → value, where a value
/// without `present` records a removal.
enum StoredRow {
    /// A position above any the log reaches (positions stay below 2^56): reading "as of"
    /// it gives the latest versions.
    static let newestPosition: UInt64 = (1 << 56) - 2
    static let maximumKeyLength = 400
    /// How many bytes of a shortened key its stored key keeps, ahead of the digest.
    static let keptPrefixLength = maximumKeyLength - SHA256.digestLength
    private static let present: UInt8 = 1
    private static let fullKeyFollows: UInt8 = 2

    /// The key under which `encodedKey` is stored.
    static func storedKey(_ encodedKey: [UInt8]) -> [UInt8] {
        encodedKey.withUnsafeBytes { whole in withStoredKey(whole) { Array($0) } }
    }

    /// Calls `body` with the key under which `encodedKey` is stored: `encodedKey` itself
    /// unless it is shortened.
    static func withStoredKey<T>(_ encodedKey: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        guard encodedKey.count > maximumKeyLength else { return try body(encodedKey) }
        var key = Array(encodedKey.prefix(keptPrefixLength))
        var digest = [UInt8](repeating: 0, count: SHA256.digestLength)
        digest.withUnsafeMutableBytes { SHA256.chain(previous: UnsafeRawBufferPointer(start: nil, count: 0), body: encodedKey, into: $0) }
        key += digest
        return try key.withUnsafeBytes(body)
    }

    /// Calls `body` with the stored value of `row` under `encodedKey` (nil: a removal), made
    /// on the stack when it is small.
    static func withValue<T>(
        _ row: UnsafeRawBufferPointer?, encodedKey: UnsafeRawBufferPointer,
        _ body: (UnsafeRawBufferPointer) throws -> T
    ) rethrows -> T {
        try withUnsafeTemporaryAllocation(byteCount: valueCount(row, encodedKey: encodedKey), alignment: 1) { buffer in
            encodeValue(row, encodedKey: encodedKey, into: buffer)
            return try body(UnsafeRawBufferPointer(buffer))
        }
    }

    /// The number of bytes of the stored value of `row` under `encodedKey` (nil: a removal).
    static func valueCount(_ row: UnsafeRawBufferPointer?, encodedKey: UnsafeRawBufferPointer) -> Int {
        guard let row else { return 1 }
        let wholeKey = encodedKey.count > maximumKeyLength ? 2 + encodedKey.count : 0
        return 1 + wholeKey + row.count
    }

    /// Writes the stored value of `row` under `encodedKey` (nil: a removal) into `buffer`,
    /// which holds `valueCount` bytes.
    static func encodeValue(_ row: UnsafeRawBufferPointer?, encodedKey: UnsafeRawBufferPointer, into buffer: UnsafeMutableRawBufferPointer) {
        guard let row else {
            buffer[0] = 0
            return
        }
        guard encodedKey.count > maximumKeyLength else {
            buffer[0] = present
            UnsafeMutableRawBufferPointer(rebasing: buffer[1...]).copyMemory(from: row)
            return
        }
        buffer[0] = present | fullKeyFollows
        buffer.storeBytes(of: UInt16(encodedKey.count).littleEndian, toByteOffset: 1, as: UInt16.self)
        UnsafeMutableRawBufferPointer(rebasing: buffer[3...]).copyMemory(from: encodedKey)
        UnsafeMutableRawBufferPointer(rebasing: buffer[(3 + encodedKey.count)...]).copyMemory(from: row)
    }

    /// Puts entries read in stored-key order into the order of their whole keys (`wholeKey`).
    /// Keys longer than `keptPrefixLength` that share their first `keptPrefixLength` bytes
    /// lie next to each other, ordered by a digest (or by a digest against the tail of a key
    /// short enough to be kept whole); each such run is sorted. Every other entry is
    /// already in place, so this costs a length check per entry.
    static func restoreWholeKeyOrder<Entry>(_ entries: inout [Entry], wholeKey: (Entry) -> [UInt8]) {
        var start = entries.startIndex
        while start < entries.endIndex {
            let first = wholeKey(entries[start])
            var end = start + 1
            if first.count > keptPrefixLength {
                while end < entries.endIndex, sharesKeptPrefix(wholeKey(entries[end]), first) { end += 1 }
            }
            if end - start > 1 {
                entries[start..<end].sort { wholeKey($0).lexicographicallyPrecedes(wholeKey($1)) }
            }
            start = end
        }
    }

    /// The rows of `stored` with those of `written` over them, in key order (whole keys):
    /// a written row replaces the stored one under its key, a written removal (nil) removes it.
    static func rows(
        _ stored: [(key: [UInt8], value: [UInt8])], overwrittenBy written: [(key: [UInt8], value: [UInt8]?)]
    ) -> [(key: [UInt8], value: [UInt8])] {
        guard !written.isEmpty else { return stored }
        let writtenKeys = Set(written.map(\.key))
        var rows = stored.filter { !writtenKeys.contains($0.key) }
        rows += written.compactMap { entry in entry.value.map { (entry.key, $0) } }
        rows.sort { $0.key.lexicographicallyPrecedes($1.key) }
        return rows
    }

    /// Whether two whole keys, both longer than `keptPrefixLength`, share its first bytes.
    static func sharesKeptPrefix(_ key: some Collection<UInt8>, _ other: some Collection<UInt8>) -> Bool {
        key.count > keptPrefixLength && other.count > keptPrefixLength
            && key.prefix(keptPrefixLength).elementsEqual(other.prefix(keptPrefixLength))
    }

    /// Whether a stored value holds a row (not a removal).
    static func isPresent(_ value: UnsafeRawBufferPointer) -> Bool {
        value.first.map { $0 & present != 0 } ?? false
    }

    /// The row's bytes inside a stored value, nil for a removal: valid as long as `value`.
    static func rowBytes(_ value: UnsafeRawBufferPointer) throws -> UnsafeRawBufferPointer? {
        try parts(of: value).row
    }

    /// Decodes a stored entry: its key (the whole one) and its row, nil for a removal.
    static func decode(key storedKey: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) throws -> (key: [UInt8], value: [UInt8]?) {
        let (wholeKey, row) = try parts(of: value)
        return (Array(wholeKey ?? storedKey), row.map(Array.init))
    }

    /// The row inside a stored value (nil for a removal) and the whole key when the value
    /// holds it, both valid as long as `value`.
    static func parts(of value: UnsafeRawBufferPointer) throws -> (wholeKey: UnsafeRawBufferPointer?, row: UnsafeRawBufferPointer?) {
        guard let flags = value.first else { throw LedgerError(.corruption, "empty read-model value") }
        guard flags & present != 0 else { return (nil, nil) }
        guard flags & fullKeyFollows != 0 else { return (nil, UnsafeRawBufferPointer(rebasing: value.dropFirst())) }
        guard value.count >= 3 else { throw LedgerError(.corruption, "truncated read-model value") }
        let length = Int(UInt16(littleEndian: value.loadUnaligned(fromByteOffset: 1, as: UInt16.self)))
        guard value.count >= 3 + length else { throw LedgerError(.corruption, "truncated read-model value") }
        return (UnsafeRawBufferPointer(rebasing: value[3..<(3 + length)]), UnsafeRawBufferPointer(rebasing: value[(3 + length)...]))
    }

    /// Appended to a stored key, sorts after all its history keys and before any longer key
    /// extending it: positions stay below 2^56, so their first byte is 0, and every value of
    /// a key starts with a tag above 1.
    static let afterEveryVersion: [UInt8] = [0, 1]

    /// Whether `versionKey` is a version of the same row as `otherVersionKey` (never, when a
    /// damaged file hands out a key too short to be a version's).
    static func isVersion(_ versionKey: UnsafeRawBufferPointer, ofRowOf otherVersionKey: UnsafeRawBufferPointer) -> Bool {
        let length = otherVersionKey.count - 9
        return length >= 0 && versionKey.count == otherVersionKey.count && versionKey[length] == 0
            && memcmp(versionKey.baseAddress!, otherVersionKey.baseAddress!, length) == 0
    }

    /// The position of a version, from its key.
    static func position(ofVersion versionKey: UnsafeRawBufferPointer) -> UInt64 {
        LedgerTables.readBigEndian(versionKey, at: versionKey.count - 8)
    }

    /// Calls `body` with the history key of `storedKey` at `position`.
    static func withHistoryKey<T>(
        _ storedKey: UnsafeRawBufferPointer, position: UInt64,
        _ body: (UnsafeRawBufferPointer) throws -> T
    ) rethrows -> T {
        // On the stack: a key made as an array costs an allocation whose storage type the
        // runtime looks up, for every read and write of a row.
        try withUnsafeTemporaryAllocation(byteCount: storedKey.count + 9, alignment: 1) { key in
            key.copyMemory(from: storedKey)
            key[storedKey.count] = 0
            key.storeBytes(of: position.bigEndian, toByteOffset: storedKey.count + 1, as: UInt64.self)
            return try body(UnsafeRawBufferPointer(key))
        }
    }

    /// The history key of `storedKey` at `position`, as an array.
    static func historyKey(_ storedKey: [UInt8], position: UInt64) -> [UInt8] {
        storedKey.withUnsafeBytes { withHistoryKey($0, position: position) { Array($0) } }
    }
}
