import Foundation

/// The bytes of a ledger file, to damage a copy, and what LMDB's two meta pages (pages 0
/// and 1) say: each holds, after a 16-byte page header, the magic number, the page size,
/// the root of the main tree, the last page used and the transaction id of its commit.
/// LMDB uses the meta page with the larger transaction id.
package struct LedgerFileBytes {
    package var bytes: [UInt8]

    /// Offsets inside a meta page.
    package static let pageSizeOffset = 40, freeRootOffset = 80, mainRootOffset = 128, lastPageOffset = 136, transactionOffset = 144

    package init(contentsOf path: String) throws {
        bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Writes the bytes to a new file at `path` (replacing one there).
    package func write(to path: String) throws {
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    /// The little-endian 64-bit word at `offset`.
    package func word(at offset: Int) -> UInt64 {
        (0..<8).reduce(0) { $0 | UInt64(bytes[offset + $1]) << (8 * $1) }
    }

    /// Sets the little-endian 64-bit word at `offset`.
    package mutating func setWord(_ value: UInt64, at offset: Int) {
        for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index)) }
    }

    /// The size of a page.
    package var pageSize: Int { Int(word(at: Self.pageSizeOffset) & 0xffff_ffff) }

    /// Where meta page `index` (0 or 1) starts.
    package func meta(_ index: Int) -> Int { index * pageSize }

    /// The meta page LMDB uses: the one with the larger transaction id.
    package var newestMeta: Int {
        word(at: meta(1) + Self.transactionOffset) > word(at: meta(0) + Self.transactionOffset) ? 1 : 0
    }

    /// The bytes the last commit uses (its last page and those before it); the rest of the
    /// file holds nothing a reader looks at.
    package var usedBytes: Int { (Int(word(at: meta(newestMeta) + Self.lastPageOffset)) + 1) * pageSize }

    /// Where the first list of free pages starts (its length, a 64-bit word, then the page
    /// numbers), when the newest commit's free-page tree is one leaf page: the value of the
    /// first node of that page (a 16-byte page header, then 16-bit node offsets; a node is
    /// 8 bytes of header with the key size at 6, the key, then the value).
    package var firstFreeList: Int? {
        let root = word(at: meta(newestMeta) + Self.freeRootOffset)
        guard root != UInt64.max else { return nil }
        let page = Int(root) * pageSize
        let isLeaf = bytes[page + 10] & 0x02 != 0
        guard isLeaf else { return nil }
        let node = page + (Int(bytes[page + 16]) | Int(bytes[page + 17]) << 8)
        let keySize = Int(bytes[node + 6]) | Int(bytes[node + 7]) << 8
        return node + 8 + keySize
    }

    /// Cuts the key of every entry that looks like one of the log's (a leaf node whose key is
    /// 8 bytes holding a position from 1 to `events`, with a value of more than 100 bytes)
    /// to 4 bytes, on every leaf page of the file; returns how many were cut.
    package mutating func cutLogKeys(events: Int) -> Int {
        var cut = 0
        for page in stride(from: 2 * pageSize, to: bytes.count, by: pageSize) where bytes[page + 10] == 0x02 {
            let lower = Int(bytes[page + 12]) | Int(bytes[page + 13]) << 8
            for pointer in stride(from: page + 16, to: min(page + lower, page + pageSize), by: 2) {
                let node = page + (Int(bytes[pointer]) | Int(bytes[pointer + 1]) << 8)
                guard node + 16 <= page + pageSize, bytes[node + 6] == 8, bytes[node + 7] == 0 else { continue }
                let size = Int(bytes[node]) | Int(bytes[node + 1]) << 8 | Int(bytes[node + 2]) << 16
                let position = (0..<8).reduce(0) { $0 << 8 | Int(bytes[node + 8 + $1]) }
                guard size > 100, (1...events).contains(position) else { continue }
                bytes[node + 6] = 4
                cut += 1
            }
        }
        return cut
    }
}
