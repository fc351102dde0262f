import Foundation

/// The bytes of a ledger file, to damage a copy, and what LMDB's two meta pages (pages 0
/// and 1) say: each holds, after a 16-byte page header, the magic number, the page size,
/// the root of the main tree, the last page used and the transaction id of its commit.
/// LMDB uses the meta page with the larger transaction id.
struct LedgerFileBytes {
    var bytes: [UInt8]

    /// Offsets inside a meta page.
    static let pageSizeOffset = 40, mainRootOffset = 128, lastPageOffset = 136, transactionOffset = 144

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
}
