/// Where a run of bytes begins in a `ByteArena`, in 4 bytes: the chunk (12 bits) and the
/// offset in it (20 bits). The run's owner knows its length. Addresses grow in the order
/// runs are added.
struct ArenaAddress: Comparable {
    fileprivate let packed: UInt32

    /// No run: the last byte of the last chunk, where no run of two bytes or more begins.
    static let none = ArenaAddress(packed: .max)

    static func < (lhs: ArenaAddress, rhs: ArenaAddress) -> Bool {
        lhs.packed < rhs.packed
    }
}

/// Bytes copied into large chunks that never move: many small records kept without an
/// allocation each, and read and changed in place for as long as the arena lives. The
/// chunks are listed in a directory allocated once: reaching bytes reads no stored property
/// that changes, so it needs no exclusivity check.
///
/// Used by one thread, one call at a time: its stored properties are not checked for
/// exclusive access at run time, which costs more than the reads and writes themselves.
final class ByteArena {
    private static let chunkSize = 1 << 20
    /// The chunks an address reaches: 4 GiB.
    private static let maximumChunks = 1 << 12
    private let chunks = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: maximumChunks)
    @exclusivity(unchecked) private var chunkCount = 0
    /// The bytes used in the last chunk.
    @exclusivity(unchecked) private var used = chunkSize

    /// The bytes the arena holds, used or not.
    @exclusivity(unchecked) private(set) var capacity = 0

    deinit {
        for chunk in 0..<chunkCount { chunks[chunk].deallocate() }
        chunks.deallocate()
    }

    /// Makes room for `count` bytes (at least one), has `initialize` write them, and returns
    /// their address. A run longer than a chunk gets a chunk of its own.
    func append(count: Int, _ initialize: (UnsafeMutableRawBufferPointer) -> Void) -> ArenaAddress {
        precondition(count > 0, "an empty run has no address")
        if used + count > Self.chunkSize {
            precondition(chunkCount < Self.maximumChunks, "a read-model table folded in memory holds more than 4 GiB")
            let size = max(count, Self.chunkSize)
            chunks[chunkCount] = .allocate(byteCount: size, alignment: 8)
            capacity += size
            chunkCount += 1
            used = 0
        }
        let address = ArenaAddress(packed: UInt32((chunkCount - 1) << 20 | used))
        initialize(UnsafeMutableRawBufferPointer(start: pointer(address), count: count))
        used += count
        return address
    }

    /// The bytes from `address` on, valid while the arena lives.
    func pointer(_ address: ArenaAddress) -> UnsafeMutableRawPointer {
        chunks[Int(address.packed >> 20)] + Int(address.packed & 0xF_FFFF)
    }
}
