import Foundation

/// The bytes of a ledger file, to damage a copy, and what LMDB's two meta pages (pages 0
/// and 1) say: each holds, after a 16-byte page header, the magic number, the page size,
/// the root of the main tree, the last page used and the transaction id of its commit.
/// LMDB uses the meta page with the larger transaction id.
struct LedgerFileBytes {
    var bytes: [UInt8]

    /// Offsets inside a meta page.
    static let pageSizeOffset = 40, freeRootOffset = 80, mainRootOffset = 128, lastPageOffset = 136, transactionOffset = 144

    init(contentsOf path: String) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes the bytes to a new file at `path` (replacing one there).
    func write(to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The little-endian 64-bit word at `offset`.
    func word(at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }

    /// Sets the little-endian 64-bit word at `offset`.
    mutating func setWord(_ value: UInt64, at offset: Int) {
        for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }

    /// The size of a page.
    var pageSize: Int { Int(word(at: Self.pageSizeOffset) & 0xffff_ffff) }

    /// Where meta page `index` (0 or 1) starts.
    func meta(_ index: Int) -> Int { index * pageSize }

    /// The meta page LMDB uses: the one with the larger transaction id.
    var newestMeta: Int {
        word(at: meta(1) + Self.transactionOffset) > word(at: meta(0) + Self.transactionOffset) ? 1 : 0
    }

    /// The bytes the last commit uses (its last page and those before it); the rest of the
    /// file holds nothing a reader looks at.
    var usedBytes: Int { (Int(word(at: meta(newestMeta) + Self.lastPageOffset)) + 1) * pageSize }

    /// Where the first list of free pages starts (its length, a 64-bit word, then the page
    /// numbers), when the newest commit's free-page tree is one leaf page: the value of the
    /// first node of that page (a 16-byte page header, then 16-bit node offsets; a node is
    /// 8 bytes of header with the key size at 6, the key, then the value).
    var firstFreeList: Int? {
        let root = word(at: meta(newestMeta) + Self.freeRootOffset)
        guard root != UInt64.max else { return nil }
        let page = Int(root) * pageSize
        let isLeaf = bytes[page + 10] & 0x02 != 0
        guard isLeaf else { return nil }
        let node = page + (Int(bytes[page + 16]) | Int(bytes[page + 17]) << 8)
        let keySize = Int(bytes[node + 6]) | Int(bytes[node + 7]) << 8
        return node + 8 + keySize
    }
}
