/// Where a run of bytes sits in a `ByteArena`, packed in 8 bytes: the chunk (24 bits), the
/// offset in it (20 bits) and the length (20 bits; all ones for a run that fills a chunk of
/// its own).
struct ArenaSlice {
    fileprivate let high: UInt32
    fileprivate let low: UInt32

    fileprivate init(chunk: Int, offset: Int, count: Int) {
        let packed = UInt64(chunk) << 40 | UInt64(offset) << 20 | UInt64(count)
        high = UInt32(truncatingIfNeeded: packed >> 32)
        low = UInt32(truncatingIfNeeded: packed)
    }

    fileprivate var chunk: Int { Int(high >> 8) }
    fileprivate var offset: Int { Int((UInt64(high) << 32 | UInt64(low)) >> 20) & 0xF_FFFF }
    fileprivate var count: Int { Int(low & 0xF_FFFF) }
}

/// Where a run of bytes begins in a `ByteArena`, in 4 bytes: the chunk (12 bits) and the
/// offset in it (20 bits). For runs whose owner knows their length.
struct ArenaAddress: Equatable {
    fileprivate let packed: UInt32

    /// No run: the address of the last byte of the last chunk an address reaches.
    static let none = ArenaAddress(packed: .max)
}

/// Bytes copied into large chunks that never move: many small keys and values kept without
/// an allocation each, and read back in place for as long as the arena lives. The chunks are
/// listed in a directory allocated once: reading bytes reads no stored property that
/// changes, so it needs no exclusivity check.
final class ByteArena {
    private static let chunkSize = 1 << 20
    /// The length a slice records for a run that fills a chunk of its own.
    private static let wholeChunk = chunkSize - 1
    /// Chunks the directory has room for: 64 GiB of small runs.
    private static let maximumChunks = 1 << 16
    private let chunks = UnsafeMutablePointer<UnsafeMutableRawBufferPointer>.allocate(capacity: maximumChunks)
    private var chunkCount = 0
    /// The chunk being filled and the bytes used in it.
    private var filling = -1
    private var used = 0

    /// The bytes the arena holds, used or not.
    private(set) var capacity = 0

    deinit {
        for chunk in 0..<chunkCount { chunks[chunk].deallocate() }
        chunks.deallocate()
    }

    /// Copies `bytes` in and returns where they are.
    func append(_ bytes: UnsafeRawBufferPointer) -> ArenaSlice {
        append(count: bytes.count) { destination in
            guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
            destination.baseAddress!.copyMemory(from: source, byteCount: bytes.count)
        }
    }

    /// Makes room for `count` bytes, has `initialize` write them, and returns where they are.
    func append(count: Int, _ initialize: (UnsafeMutableRawBufferPointer) -> Void) -> ArenaSlice {
        if count >= Self.wholeChunk {
            let chunk = addChunk(byteCount: count)
            initialize(chunks[chunk])
            return ArenaSlice(chunk: chunk, offset: 0, count: Self.wholeChunk)
        }
        if filling < 0 || used + count > Self.chunkSize {
            filling = addChunk(byteCount: Self.chunkSize)
            used = 0
        }
        initialize(UnsafeMutableRawBufferPointer(rebasing: chunks[filling][used..<(used + count)]))
        defer { used += count }
        return ArenaSlice(chunk: filling, offset: used, count: count)
    }

    /// Copies `bytes` in and returns where they are.
    func append(_ bytes: [UInt8]) -> ArenaSlice {
        bytes.withUnsafeBytes { append($0) }
    }

    /// The bytes at `slice`, valid while the arena lives.
    func bytes(_ slice: ArenaSlice) -> UnsafeRawBufferPointer {
        let chunk = chunks[slice.chunk]
        let count = slice.count == Self.wholeChunk ? chunk.count : slice.count
        return UnsafeRawBufferPointer(start: chunk.baseAddress!.advanced(by: slice.offset), count: count)
    }

    /// Makes room for `count` bytes (fewer than a chunk's), has `initialize` write them, and
    /// returns their address. Addresses reach the first 4,096 chunks: 4 GiB.
    func appendAddressed(count: Int, _ initialize: (UnsafeMutableRawBufferPointer) -> Void) -> ArenaAddress {
        precondition(count < Self.wholeChunk, "a run of \(count) bytes is too long for an arena address")
        let slice = append(count: count, initialize)
        precondition(slice.chunk < 1 << 12, "a read-model table folded in memory holds more than 4 GiB of rows")
        return ArenaAddress(packed: UInt32(slice.chunk << 20 | slice.offset))
    }

    /// The bytes from `address` on, writable, valid while the arena lives.
    func pointer(_ address: ArenaAddress) -> UnsafeMutableRawPointer {
        chunks[Int(address.packed >> 20)].baseAddress!.advanced(by: Int(address.packed & 0xF_FFFF))
    }

    private func addChunk(byteCount: Int) -> Int {
        precondition(chunkCount < Self.maximumChunks, "a read-model table folded in memory holds more than 64 GiB")
        chunks[chunkCount] = .allocate(byteCount: byteCount, alignment: 8)
        capacity += byteCount
        chunkCount += 1
        return chunkCount - 1
    }
}
