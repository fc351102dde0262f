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

/// Bytes copied into large chunks that never move: many small keys and values kept without
/// an allocation each, and read back in place for as long as the arena lives.
final class ByteArena {
    private static let chunkSize = 1 << 20
    /// The length a slice records for a run that fills a chunk of its own.
    private static let wholeChunk = chunkSize - 1
    private var chunks: [UnsafeMutableRawBufferPointer] = []
    /// The chunk being filled and the bytes used in it.
    private var filling = -1
    private var used = 0

    /// The bytes the arena holds, used or not.
    private(set) var capacity = 0

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// Copies `bytes` in and returns where they are.
    func append(_ bytes: UnsafeRawBufferPointer) -> ArenaSlice {
        precondition(chunks.count < 1 << 24, "a rebuild holds more than 16 TiB of rows")
        if bytes.count >= Self.wholeChunk {
            chunks.append(.allocate(byteCount: bytes.count, alignment: 8))
            capacity += bytes.count
            copy(bytes, to: chunks.count - 1, at: 0)
            return ArenaSlice(chunk: chunks.count - 1, offset: 0, count: Self.wholeChunk)
        }
        if filling < 0 || used + bytes.count > Self.chunkSize {
            chunks.append(.allocate(byteCount: Self.chunkSize, alignment: 8))
            capacity += Self.chunkSize
            filling = chunks.count - 1
            used = 0
        }
        copy(bytes, to: filling, at: used)
        defer { used += bytes.count }
        return ArenaSlice(chunk: filling, offset: used, count: bytes.count)
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

    private func copy(_ bytes: UnsafeRawBufferPointer, to chunk: Int, at offset: Int) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        chunks[chunk].baseAddress!.advanced(by: offset).copyMemory(from: source, byteCount: bytes.count)
    }
}
