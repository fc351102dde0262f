#if canImport(Glibc)
import Glibc
#endif

/// The two binary forms read-model keys and rows are stored in. Both are a sequence of
/// tagged values, a struct's fields one after another in the order it encodes them:
///
/// - `key`: ordered as the values are, byte by byte (LMDB's key order): integers
///   big-endian with the sign bit flipped, strings with NUL escaped and ended by two NULs,
///   nil before any value, arrays by their length, then element by element.
/// - `row`: compact: integers as variable-length numbers, strings and arrays prefixed by
///   their length.
///
/// Tags are never 0, so a key extended by more fields sorts after every key it extends,
/// and after that key followed by a NUL byte.
@usableFromInline
enum BinaryForm: Sendable {
    case key
    case row

    /// The first byte of each value.
    enum Tag: UInt8 {
        case null = 1, `false`, `true`, signed, unsigned, double, string, array
    }
}

/// Writes values in a `BinaryForm`: the handle kept by those who encode, around the output
/// that encoding containers write to.
@usableFromInline
final class BinaryWriter {
    /// Where the values go.
    let output: BinaryOutput

    /// A writer of values in `form`.
    init(_ form: BinaryForm) {
        output = BinaryOutput(form)
    }

    /// The containers the output keeps hold the output: letting go of them lets it go too.
    deinit {
        output.keyedContainers.removeAll()
    }
}

/// The bytes of values in a `BinaryForm`, as they are written: kept in a buffer of its own,
/// emptied and written again for each value without an allocation or a uniqueness check.
@usableFromInline
final class BinaryOutput {
    let form: BinaryForm
    // Accessed by one thread, one call at a time: checking exclusive access at run time costs
    // more than the appends themselves.
    @exclusivity(unchecked) private var base: UnsafeMutableRawPointer
    @exclusivity(unchecked) private var capacity: Int
    @exclusivity(unchecked) private var count = 0
    /// The keyed containers made for the values written here, made once per coding-key type.
    let keyedContainers = KeyedContainerCache()

    // The buffer comes from malloc itself: Swift's allocate takes the aligned-allocation path
    // (posix_memalign), many times slower, and every query makes writers.
    init(_ form: BinaryForm) {
        self.form = form
        capacity = 64
        base = malloc(capacity)!
    }

    deinit {
        free(base)
    }

    /// The bytes written since `reset`, valid until the next write or `reset`.
    var written: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

    /// Empties the writer for the next value, keeping its memory.
    func reset() {
        count = 0
    }

    func writeNull() { append(BinaryForm.Tag.null.rawValue) }

    func write(_ flag: Bool) { append(flag ? BinaryForm.Tag.true.rawValue : BinaryForm.Tag.false.rawValue) }

    func write(signed value: Int64) {
        append(BinaryForm.Tag.signed.rawValue)
        switch form {
        case .key: appendBigEndian(UInt64(bitPattern: value) ^ (1 << 63))
        case .row: appendVarint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
        }
    }

    func write(unsigned value: UInt64) {
        append(BinaryForm.Tag.unsigned.rawValue)
        switch form {
        case .key: appendBigEndian(value)
        case .row: appendVarint(value)
        }
    }

    func write(_ value: Double) {
        append(BinaryForm.Tag.double.rawValue)
        let bits = value.bitPattern
        switch form {
        case .key: appendBigEndian(bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63))
        case .row: withUnsafeBytes(of: bits.littleEndian) { append($0) }
        }
    }

    func write(_ text: String) {
        // Read in place, without the copy of the string (and its retain) that `withUTF8` makes.
        guard text.utf8.withContiguousStorageIfAvailable({ write(utf8: UnsafeRawBufferPointer($0)) }) != nil else {
            return Array(text.utf8).withUnsafeBytes { write(utf8: $0) }
        }
    }

    /// Writes a string whose UTF-8 is `utf8`: copied at once (a NUL looked for a word at a
    /// time), rather than a byte at a time through the string's UTF-8 view.
    private func write(utf8: UnsafeRawBufferPointer) {
        append(BinaryForm.Tag.string.rawValue)
        switch form {
        case .key:
            if let start = utf8.baseAddress, memchr(start, 0, utf8.count) != nil {
                for byte in utf8 {
                    append(byte)
                    if byte == 0 { append(0xFF) }
                }
            } else {
                append(utf8)
            }
            append(0)
            append(0)
        case .row:
            appendVarint(UInt64(utf8.count))
            append(utf8)
        }
    }

    /// Starts an array; returns where its element count (big-endian `u32`) is kept, for `countElement`.
    func beginArray() -> Int {
        append(BinaryForm.Tag.array.rawValue)
        let countAt = count
        appendBigEndian(UInt32(0))
        return countAt
    }

    /// Counts one more element of the array begun at `start`.
    func countElement(ofArrayAt start: Int) {
        let elements = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: start, as: UInt32.self))
        base.storeBytes(of: (elements + 1).bigEndian, toByteOffset: start, as: UInt32.self)
    }

    /// Room for `extra` more bytes after those written. Inlined into every append, as the
    /// appends are: a call per byte would cost more than the byte.
    @inline(__always)
    private func reserve(_ extra: Int) -> UnsafeMutableRawPointer {
        if count + extra > capacity { grow(toHold: count + extra) }
        return base + count
    }

    /// Doubles the buffer, or more when `byteCount` needs more.
    @inline(never)
    private func grow(toHold byteCount: Int) {
        capacity = max(capacity * 2, byteCount)
        base = realloc(base, capacity)!
    }

    @inline(__always)
    private func append(_ byte: UInt8) {
        reserve(1).storeBytes(of: byte, as: UInt8.self)
        count += 1
    }

    @inline(__always)
    private func append(_ bytes: UnsafeRawBufferPointer) {
        guard let start = bytes.baseAddress else { return }
        reserve(bytes.count).copyMemory(from: start, byteCount: bytes.count)
        count += bytes.count
    }

    @inline(__always)
    private func appendBigEndian<Integer: FixedWidthInteger>(_ value: Integer) {
        reserve(MemoryLayout<Integer>.size).storeBytes(of: value.bigEndian, as: Integer.self)
        count += MemoryLayout<Integer>.size
    }

    private func appendVarint(_ value: UInt64) {
        var rest = value
        while rest >= 0x80 {
            append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        append(UInt8(rest))
    }
}

/// A key writer, a row writer and a reader, reused from one typed read or write to the next
/// by the one thread using a read model.
@usableFromInline
final class BinaryScratch {
    @usableFromInline let key = BinaryWriter(.key)
    @usableFromInline let row = BinaryWriter(.row)
    @usableFromInline let reader = BinaryReader()
}

/// Reads values in a `BinaryForm`, one value after another: the handle kept by those who
/// decode, around the input that decoding containers read from.
@usableFromInline
final class BinaryReader {
    /// Where the values are read from.
    let input = BinaryInput()

    /// A reader with nothing to read yet.
    @usableFromInline
    init() {}

    /// The containers the input keeps hold the input: letting go of them lets it go too.
    deinit {
        input.keyedContainers.removeAll()
    }
}

/// Reads values written by a `BinaryOutput` from bytes that stay valid while it reads; a value
/// of another kind than asked for, or one running past the end, is `.corruption`.
@usableFromInline
final class BinaryInput {
    // Accessed by one thread, one call at a time, as `BinaryOutput` is.
    @exclusivity(unchecked) private(set) var form = BinaryForm.row
    @exclusivity(unchecked) private var bytes = UnsafeRawBufferPointer(start: nil, count: 0)
    @exclusivity(unchecked) private var offset = 0
    /// The keyed containers made for the values read here, made once per coding-key type.
    let keyedContainers = KeyedContainerCache()

    /// Starts reading `bytes`, which hold a value in `form` and stay valid until `finish`.
    func start(_ bytes: UnsafeRawBufferPointer, as form: BinaryForm) {
        self.form = form
        self.bytes = bytes
        offset = 0
    }

    /// Lets go of the bytes read: a container kept beyond the value finds nothing more to read.
    func finish() {
        start(UnsafeRawBufferPointer(start: nil, count: 0), as: form)
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// Whether the next value is nil; consumes it when it is.
    func readNull() -> Bool {
        guard offset < bytes.count, bytes[offset] == BinaryForm.Tag.null.rawValue else { return false }
        offset += 1
        return true
    }

    func readBool() throws(LedgerError) -> Bool {
        switch try tag() {
        case .true: return true
        case .false: return false
        default: throw malformed("expected true or false")
        }
    }

    func readSigned() throws(LedgerError) -> Int64 {
        try expect(.signed)
        switch form {
        case .key: return Int64(bitPattern: try bigEndian() ^ (1 << 63))
        case .row:
            let zigzag = try varint()
            return Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1)
        }
    }

    func readUnsigned() throws(LedgerError) -> UInt64 {
        try expect(.unsigned)
        switch form {
        case .key: return try bigEndian()
        case .row: return try varint()
        }
    }

    func readDouble() throws(LedgerError) -> Double {
        try expect(.double)
        switch form {
        case .key:
            let bits = try bigEndian()
            return Double(bitPattern: bits & (1 << 63) != 0 ? bits & ~(1 << 63) : ~bits)
        case .row:
            try need(8)
            var bits: UInt64 = 0
            for index in 0..<8 { bits |= UInt64(bytes[offset + index]) << (8 * index) }
            offset += 8
            return Double(bitPattern: bits)
        }
    }

    func readString() throws(LedgerError) -> String {
        try expect(.string)
        switch form {
        case .key:
            let start = offset
            var escaped = false
            while true {
                // The next NUL, found a word at a time: it ends the string or escapes a NUL of it.
                guard offset < bytes.count, let nul = memchr(bytes.baseAddress! + offset, 0, bytes.count - offset) else {
                    throw malformed("value runs past the end")
                }
                offset = bytes.baseAddress!.distance(to: UnsafeRawPointer(nul))
                try need(2)
                let next = bytes[offset + 1]
                offset += 2
                if next == 0 { break }
                guard next == 0xFF else { throw malformed("a string with a bad escape") }
                escaped = true
            }
            let encoded = UnsafeRawBufferPointer(rebasing: bytes[start..<(offset - 2)])
            guard escaped else { return String(decoding: encoded, as: UTF8.self) }
            var utf8: [UInt8] = []
            var index = encoded.startIndex
            while index < encoded.endIndex {
                utf8.append(encoded[index])
                index += encoded[index] == 0 ? 2 : 1
            }
            return String(decoding: utf8, as: UTF8.self)
        case .row:
            let length = Int(try varint())
            try need(length)
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
        }
    }

    /// Starts reading an array; returns its element count.
    func beginArray() throws(LedgerError) -> Int {
        try expect(.array)
        try need(4)
        defer { offset += 4 }
        return (0..<4).reduce(0) { $0 << 8 | Int(bytes[offset + $1]) }
    }

    func malformed(_ problem: String) -> LedgerError {
        LedgerError(.corruption, "\(problem) at byte \(offset)")
    }

    private func tag() throws(LedgerError) -> BinaryForm.Tag {
        try need(1)
        guard let tag = BinaryForm.Tag(rawValue: bytes[offset]) else { throw malformed("unknown tag \(bytes[offset])") }
        offset += 1
        return tag
    }

    private func expect(_ expected: BinaryForm.Tag) throws(LedgerError) {
        let found = try tag()
        guard found == expected else { throw malformed("expected \(expected), found \(found)") }
    }

    private func need(_ count: Int) throws(LedgerError) {
        guard count >= 0, offset + count <= bytes.count else { throw malformed("value runs past the end") }
    }

    private func bigEndian() throws(LedgerError) -> UInt64 {
        try need(8)
        var value: UInt64 = 0
        for index in 0..<8 { value = value << 8 | UInt64(bytes[offset + index]) }
        offset += 8
        return value
    }

    private func varint() throws(LedgerError) -> UInt64 {
        var (value, shift) = (UInt64(0), UInt64(0))
        while true {
            try need(1)
            let byte = bytes[offset]
            offset += 1
            guard shift < 64 else { throw malformed("a number too long") }
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }
}
