#if canImport(Glibc)
import Glibc
#endif

/// LMDB's order of keys: byte by byte, a prefix first.
enum KeyOrder {
    /// Whether `lhs` sorts before `rhs`.
    static func precedes(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        let common = min(lhs.count, rhs.count)
        if common > 0 {
            let order = memcmp(lhs.baseAddress!, rhs.baseAddress!, common)
            if order != 0 { return order < 0 }
        }
        return lhs.count < rhs.count
    }

    /// The first eight bytes of `key` as a big-endian number, zero-padded: keys whose leading
    /// bytes differ sort as these numbers do.
    static func leadingBytes(_ key: UnsafeRawBufferPointer) -> UInt64 {
        var lead: UInt64 = 0
        for offset in 0..<8 {
            lead = lead << 8 | UInt64(offset < key.count ? key[offset] : 0)
        }
        return lead
    }
}
