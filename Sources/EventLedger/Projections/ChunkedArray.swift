/// An append-only array of plain values kept in chunks of 64Ki elements: growing never
/// copies it, and never leaves more than one chunk unused (an `Array` doubles, and may
/// leave half its capacity spare).
final class ChunkedArray<Element: BitwiseCopyable> {
    private static var chunkShift: Int { 16 }
    private static var chunkMask: Int { (1 << chunkShift) - 1 }
    private var chunks: [UnsafeMutablePointer<Element>] = []
    /// The number of elements.
    private(set) var count = 0

    deinit {
        for chunk in chunks { chunk.deallocate() }
    }

    /// The bytes the array holds, used or not.
    var capacity: Int { chunks.count << Self.chunkShift * MemoryLayout<Element>.stride }

    /// Adds `element` at the end.
    func append(_ element: Element) {
        if count & Self.chunkMask == 0 { chunks.append(.allocate(capacity: 1 << Self.chunkShift)) }
        (chunks[count >> Self.chunkShift] + (count & Self.chunkMask)).initialize(to: element)
        count += 1
    }

    /// The element at `index`, which must be below `count`.
    subscript(index: Int) -> Element {
        get { chunks[index >> Self.chunkShift][index & Self.chunkMask] }
        set { chunks[index >> Self.chunkShift][index & Self.chunkMask] = newValue }
    }
}
