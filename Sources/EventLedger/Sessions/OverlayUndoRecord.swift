/// The undo record of a staged event: each overlay entry it changed, with what the entry held
/// before it (nil: nothing). Stored as, for each entry, its key (what follows the session id
/// and NUL byte) and its value before, each as a big-endian length and bytes: a `u16` for the
/// key, a `u32` one more than the value's length for the value (0 for nothing).
enum OverlayUndoRecord {
    /// One entry changed: its key and what it held before.
    typealias Change = (key: [UInt8], previous: [UInt8]?)

    /// The stored form of `changes`.
    static func encoded(_ changes: [Change]) -> [UInt8] {
        var bytes: [UInt8] = []
        for change in changes {
            withUnsafeBytes(of: UInt16(change.key.count).bigEndian) { bytes += $0 }
            bytes += change.key
            withUnsafeBytes(of: UInt32(change.previous.map { $0.count + 1 } ?? 0).bigEndian) { bytes += $0 }
            bytes += change.previous ?? []
        }
        return bytes
    }

    /// The changes stored as `bytes` in session `id`.
    static func changes(id: String, bytes: UnsafeRawBufferPointer) throws -> [Change] {
        var changes: [Change] = []
        var offset = 0
        func take(_ count: Int) throws -> UnsafeRawBufferPointer {
            guard count <= bytes.count - offset else { throw SessionHeader.unreadable(id) }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }
        while offset < bytes.count {
            let keyCount = Int(UInt16(bigEndian: try take(2).loadUnaligned(as: UInt16.self)))
            let key = Array(try take(keyCount))
            let valueCount = Int(UInt32(bigEndian: try take(4).loadUnaligned(as: UInt32.self)))
            changes.append((key, valueCount == 0 ? nil : Array(try take(valueCount - 1))))
        }
        return changes
    }
}
