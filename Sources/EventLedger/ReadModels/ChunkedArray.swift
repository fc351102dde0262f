/// An append-only array of plain values kept in chunks of 64Ki elements: growing never
/// copies it, and never leaves more than one chunk unused (an `Array` doubles, and may
/// leave half its capacity spare). The chunks are listed in a directory allocated once,
/// for as many elements as a folded table indexes (`Int32.max`): reading an element reads
/// no stored property that changes, so it needs no exclusivity check.
///
/// Used by one thread, one call at a time: its stored properties are not checked for
/// exclusive access at run time, which costs more than the reads and writes themselves.
final class ChunkedArray<Element: BitwiseCopyable> {
    private static var chunkShift: Int { 16 }
    private static var chunkMask: Int { (1 << chunkShift) - 1 }
    private static var maximumChunks: Int { 1 << (31 - chunkShift) }
    private let chunks = UnsafeMutablePointer<UnsafeMutablePointer<Element>>.allocate(capacity: maximumChunks)
    /// The number of elements.
    @exclusivity(unchecked) private(set) var count = 0

    deinit {
        for chunk in 0..<chunkCount { chunks[chunk].deallocate() }
        chunks.deallocate()
    }

    /// The bytes the array holds, used or not.
    var capacity: Int { chunkCount << Self.chunkShift * MemoryLayout<Element>.stride }

    private var chunkCount: Int { (count + Self.chunkMask) >> Self.chunkShift }

    /// Adds `element` at the end.
    func append(_ element: Element) {
        precondition(count < Int(Int32.max), "more than \(Int32.max) elements in a chunked array")
        if count & Self.chunkMask == 0 { chunks[count >> Self.chunkShift] = .allocate(capacity: 1 << Self.chunkShift) }
        (chunks[count >> Self.chunkShift] + (count & Self.chunkMask)).initialize(to: element)
        count += 1
    }

    /// The element at `index`, which must be below `count`.
    subscript(index: Int) -> Element {
        get { chunks[index >> Self.chunkShift][index & Self.chunkMask] }
        set { chunks[index >> Self.chunkShift][index & Self.chunkMask] = newValue }
    }
}
