#if canImport(Glibc)
import Glibc
#endif

/// The hash table of a `FoldedTable`: its rows by key, found by open addressing with
/// linear probing, and the row found last (a domain's `apply` often reads a row and then writes
/// it). A row is known by the address of its record, which holds its key.
///
/// A value kept in one stored property of the folded table: a lookup is one access to that
/// property, not one per probe. Large slots lie in huge pages (`HugePages`): every lookup
/// starts with a slot in no predictable place.
struct RowSlots: ~Copyable {
    /// Row addresses by hash of their key, `.none` in an empty slot; a power of two long, at most half full.
    private var slots = Self.emptySlots(1024)
    private var count = 0
    private var lastFound = ArenaAddress.none

    deinit {
        Self.deallocate(slots)
    }

    /// The bytes the slots take.
    var byteCount: Int { slots.count * MemoryLayout<ArenaAddress>.stride }

    /// The row whose key (`keyOf`) is `key`, or the empty slot where it would go.
    mutating func find(_ key: UnsafeRawBufferPointer, keyOf: (ArenaAddress) -> UnsafeRawBufferPointer) -> (slot: Int, row: ArenaAddress?) {
        if lastFound != .none && Self.equal(keyOf(lastFound), key) { return (-1, lastFound) }
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while true {
            let row = slots[slot]
            if row == .none { return (slot, nil) }
            if Self.equal(keyOf(row), key) {
                lastFound = row
                return (slot, row)
            }
            slot = (slot + 1) & mask
        }
    }

    /// Puts `row`, the last of `rows`, in the empty `slot` that `find` returned for its key,
    /// and grows the slots once they are half full.
    mutating func insert(_ row: ArenaAddress, at slot: Int, of rows: ChunkedArray<ArenaAddress>, keyOf: (ArenaAddress) -> UnsafeRawBufferPointer) {
        slots[slot] = row
        lastFound = row
        count += 1
        guard count * 2 > slots.count else { return }
        let grown = Self.emptySlots(slots.count * 2)
        Self.deallocate(slots)
        slots = grown
        let mask = slots.count - 1
        for index in 0..<rows.count {
            var slot = Self.hash(keyOf(rows[index])) & mask
            while slots[slot] != .none { slot = (slot + 1) & mask }
            slots[slot] = rows[index]
        }
    }

    /// Lets go of the slots; nothing can be found afterwards.
    mutating func removeAll() {
        Self.deallocate(slots)
        slots = UnsafeMutableBufferPointer(start: nil, count: 0)
        count = 0
        lastFound = .none
    }

    private static func emptySlots(_ count: Int) -> UnsafeMutableBufferPointer<ArenaAddress> {
        let memory = HugePages.allocate(byteCount: count * MemoryLayout<ArenaAddress>.stride)
        let slots = UnsafeMutableBufferPointer(start: memory.bindMemory(to: ArenaAddress.self, capacity: count), count: count)
        slots.initialize(repeating: .none)
        return slots
    }

    private static func deallocate(_ slots: UnsafeMutableBufferPointer<ArenaAddress>) {
        guard let start = slots.baseAddress else { return }
        HugePages.deallocate(UnsafeMutableRawPointer(start), byteCount: slots.count * MemoryLayout<ArenaAddress>.stride)
    }

    private static func equal(_ lhs: UnsafeRawBufferPointer, _ rhs: UnsafeRawBufferPointer) -> Bool {
        lhs.count == rhs.count && (lhs.isEmpty || memcmp(lhs.baseAddress!, rhs.baseAddress!, lhs.count) == 0)
    }

    /// A hash of `key` (also of key prefixes): eight bytes at a time, multiplied and rotated, then mixed so that
    /// every bit of the result depends on every input bit (the slot is taken from the low bits).
    static func hash(_ key: UnsafeRawBufferPointer) -> Int {
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
}
