/// The value of an index entry: the row's table key (its length in two bytes, big-endian,
/// then its bytes) followed by a copy of the row, both in their binary forms.
@usableFromInline
enum IndexEntry {
    /// Calls `body` with the value of the entry of the row `row` under the table key `key`, put
    /// together on the stack, or with nil when there is no row.
    static func withValue(key: [UInt8], row: [UInt8]?, _ body: (UnsafeRawBufferPointer?) throws -> Void) throws {
        guard let row else { return try body(nil) }
        try withUnsafeTemporaryAllocation(byteCount: 2 + key.count + row.count, alignment: 1) { value in
            value[0] = UInt8(key.count >> 8)
            value[1] = UInt8(key.count & 0xFF)
            key.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: value[2...]).copyMemory(from: $0) }
            row.withUnsafeBytes { UnsafeMutableRawBufferPointer(rebasing: value[(2 + key.count)...]).copyMemory(from: $0) }
            try body(UnsafeRawBufferPointer(value))
        }
    }

    /// The table key an entry's value holds.
    static func key(in value: UnsafeRawBufferPointer) throws(LedgerError) -> UnsafeRawBufferPointer {
        try parts(of: value).key
    }

    /// The table key and the row an entry's value holds, where the value lies; `.corruption`
    /// when it is cut short.
    @inlinable
    static func parts(of value: UnsafeRawBufferPointer) throws(LedgerError) -> (key: UnsafeRawBufferPointer, row: UnsafeRawBufferPointer) {
        guard value.count >= 2, value.count >= 2 + (Int(value[0]) << 8 | Int(value[1])) else {
            throw LedgerError(.corruption, "an index entry is cut short")
        }
        let keyEnd = 2 + (Int(value[0]) << 8 | Int(value[1]))
        return (UnsafeRawBufferPointer(rebasing: value[2..<keyEnd]), UnsafeRawBufferPointer(rebasing: value[keyEnd...]))
    }
}
