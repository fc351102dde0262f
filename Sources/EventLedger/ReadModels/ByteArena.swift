/// Where a run of bytes begins in a `ByteArena`, in 4 bytes: the chunk (11 bits) and the
/// offset in it (21 bits). The run's owner knows its length. Addresses grow in the order
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
/// allocation each, and read and changed in place for as long as the arena lives. Chunks
/// double from 64 KiB to 2 MiB, so that a small arena (a commit's) stays small and a large
/// one (a rebuild's) lies in huge pages (`HugePages`). The chunks are listed in a directory
/// allocated once: reaching bytes reads no stored property that changes, so it needs no
/// exclusivity check.
///
/// Used by one thread, one call at a time: its stored properties are not checked for
/// exclusive access at run time, which costs more than the reads and writes themselves.
final class ByteArena {
    private static let smallestChunk = 1 << 16
    private static let largestChunk = HugePages.byteCount
    /// The chunks an address reaches: about 4 GiB.
    private static let maximumChunks = 1 << 11
    private let chunks = UnsafeMutablePointer<(start: UnsafeMutableRawPointer, size: Int)>.allocate(capacity: maximumChunks)
    @exclusivity(unchecked) private var chunkCount = 0
    /// The bytes used in the last chunk, and its size.
    @exclusivity(unchecked) private var used = 0
    @exclusivity(unchecked) private var lastChunkSize = 0

    /// The bytes the arena holds, used or not.
    @exclusivity(unchecked) private(set) var capacity = 0

    deinit {
        for chunk in 0..<chunkCount { HugePages.deallocate(chunks[chunk].start, byteCount: chunks[chunk].size) }
        chunks.deallocate()
    }

    /// Makes room for `count` bytes (at least one), has `initialize` write them, and returns
    /// their address. A run longer than a chunk gets a chunk of its own.
    func append(count: Int, _ initialize: (UnsafeMutableRawBufferPointer) -> Void) -> ArenaAddress {
        precondition(count > 0, "an empty run has no address")
        if used + count > lastChunkSize {
            precondition(chunkCount < Self.maximumChunks, "a read-model table folded in memory holds more than 4 GiB")
            let size = Self.chunkSize(at: chunkCount, forRunOf: count)
            chunks[chunkCount] = (HugePages.allocate(byteCount: size), size)
            capacity += size
            chunkCount += 1
            used = 0
            lastChunkSize = size
        }
        let address = ArenaAddress(packed: UInt32((chunkCount - 1) << 21 | used))
        initialize(UnsafeMutableRawBufferPointer(start: pointer(address), count: count))
        used += count
        return address
    }

    /// The size of the chunk at `index` (counting from 0) when a run of `count` bytes opens it:
    /// 64 KiB, doubling up to 2 MiB, or the run's own size when larger.
    static func chunkSize(at index: Int, forRunOf count: Int) -> Int {
        max(count, min(smallestChunk << min(index, 8), largestChunk))
    }

    /// The bytes from `address` on, valid while the arena lives.
    func pointer(_ address: ArenaAddress) -> UnsafeMutableRawPointer {
        chunks[Int(address.packed >> 21)].start + Int(address.packed & 0x1F_FFFF)
    }
}
