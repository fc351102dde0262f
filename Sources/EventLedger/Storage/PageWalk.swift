internal import CLMDB

#if canImport(Glibc)
import Glibc
#endif

/// A walk over every page of one snapshot of the file, read with `pread` (a damaged page
/// cannot make it fault) and checked before use: each tree from its root (the free-page
/// tree, the main tree and every table in it), with each page's header, node offsets and
/// sizes within the page, and overflow pages; then every page number in the free-page lists.
/// Every page of the snapshot must be found exactly once, in one tree or listed as free: a
/// free page that is in use would be overwritten by the next commit, a page in two places
/// is damage, and a page in neither is lost.
struct PageWalk {
    /// LMDB's page header and node layout.
    private enum Layout {
        static let header = 16, pageNumber = 0, flags = 10, lower = 12, upper = 14, overflowCount = 12
        static let branch: UInt16 = 0x01, leaf: UInt16 = 0x02, overflow: UInt16 = 0x04
        static let nodeHeader = 8, bigData: UInt16 = 0x01, subTree: UInt16 = 0x02
        /// A table's record in the main tree, and the offset of its root in it.
        static let tableRecord = 48, tableRoot = 40
        /// No page: the root of an empty tree.
        static let noPage = UInt64.max
        /// LMDB's deepest cursor stack, so the deepest tree.
        static let deepest = 32
    }

    private let descriptor: Int32
    private let pageSize: Int
    /// Pages of the snapshot: from 0 to its last page.
    private let pageCount: Int
    /// For each page, whether it was found.
    private var found: [Bool]
    private(set) var problems: [String] = []
    /// Stop after this many problems.
    private let limit = 20

    /// A walk of a snapshot of `lastPage + 1` pages.
    private init(descriptor: Int32, pageSize: Int, lastPage: Int) {
        self.descriptor = descriptor
        self.pageSize = pageSize
        pageCount = lastPage + 1
        found = [Bool](repeating: false, count: pageCount)
        found[0] = true
        found[1] = true
    }

    /// The problems of the newest snapshot of `environment`, empty when every page is where
    /// it should be. The snapshot is held open while its pages are read from the file, so no
    /// writer reuses them meanwhile; when writers commit so fast that the meta page of the
    /// snapshot is overwritten before it is read, the walk is tried again, then skipped.
    static func problems(in environment: Environment) throws -> [String] {
        let descriptor = open(environment.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LedgerError(.storage, "cannot read \(environment.path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        for _ in 0..<3 {
            let problems = try environment.read { txn -> [String]? in
                guard let meta = MetaPageCheck.meta(ofTransaction: Int(mdb_txn_id(txn.handle)), in: descriptor) else { return nil }
                var walk = PageWalk(descriptor: descriptor, pageSize: meta.pageSize, lastPage: meta.lastPage)
                walk.run(freeRoot: meta.freeRoot, mainRoot: meta.mainRoot)
                return walk.problems
            }
            if let problems { return problems }
        }
        return []
    }

    private mutating func run(freeRoot: UInt64, mainRoot: UInt64) {
        var freePages: [UInt64] = []
        // The free-page tree's keys are transaction ids in the machine's byte order, not in byte order.
        walkTree(root: freeRoot, name: "the free-page tree", keysInByteOrder: false) { walk, _, value in
            if let list = walk.freeList(value) { freePages += list }
        }
        var tables: [(name: String, root: UInt64)] = []
        walkTree(root: mainRoot, name: "the main tree") { walk, key, value in
            guard value.flags & Layout.subTree != 0 else { return }
            let name = String(decoding: key, as: UTF8.self)
            guard value.bytes.count == Layout.tableRecord else {
                return walk.report("the record of table \(name) has \(value.bytes.count) bytes")
            }
            tables.append((name, value.bytes.word64(Layout.tableRoot)))
        }
        for table in tables { walkTree(root: table.root, name: "table \(table.name)") { _, _, _ in } }
        for page in freePages { mark(page, count: 1, in: "the free-page list") }
        let lost = found.indices.filter { !found[$0] }
        if let first = lost.first, problems.count < limit {
            report("\(lost.count) pages (the first: \(first)) are neither in a table nor listed as free")
        }
    }

    /// A leaf's value: its bytes (read from its overflow pages when it has them) and its node flags.
    private typealias Value = (bytes: [UInt8], flags: UInt16)

    /// Walks the tree with `root`, calling `visit` with each leaf entry. With `keysInByteOrder`,
    /// checks that every page's keys ascend and lie between the keys that lead to the page: a
    /// damaged key of a branch page would send a seek astray while a scan of the leaves, in
    /// order, still read every entry.
    private mutating func walkTree(
        root: UInt64, name: String, keysInByteOrder: Bool = true,
        _ visit: (inout PageWalk, [UInt8], Value) -> Void
    ) {
        guard root != Layout.noPage else { return }
        var pending: [(page: UInt64, depth: Int, keys: KeyRange)] = [(root, 1, KeyRange())]
        while let (number, depth, range) = pending.popLast(), problems.count < limit {
            guard depth <= Layout.deepest else { return report("\(name) is deeper than \(Layout.deepest) levels (a loop)") }
            guard mark(number, count: 1, in: name), let page = read(number, pages: 1) else { continue }
            let flags = page.word16(Layout.flags)
            let isBranch = flags & Layout.branch != 0
            guard isBranch != (flags & Layout.leaf != 0) else {
                report("page \(number) of \(name) is neither a branch nor a leaf page (flags \(flags))")
                continue
            }
            let nodes = nodes(of: page, number: number, in: name)
            let keys = nodes.map { node in Array(page[node + Layout.nodeHeader..<node + Layout.nodeHeader + Int(page.word16(node + 6))]) }
            // A branch page's first key is not used: its first child holds everything below its second key.
            let orderedKeys = isBranch ? keys.dropFirst() : keys[...]
            if keysInByteOrder, !range.holdsInOrder(orderedKeys) {
                report("page \(number) of \(name) has keys out of order")
                continue
            }
            for (index, node) in nodes.enumerated() {
                let size = Int(page.word16(node)) | Int(page.word16(node + 2)) << 16
                let nodeFlags = page.word16(node + 4)
                if isBranch {
                    let child = KeyRange(
                        lower: index == 0 ? range.lower : keys[index],
                        upper: index + 1 < keys.count ? keys[index + 1] : range.upper)
                    pending.append((UInt64(size) | UInt64(nodeFlags) << 32, depth + 1, child))
                } else if let bytes = leafValue(
                    page, node: node + Layout.nodeHeader + keys[index].count, size: size,
                    bigData: nodeFlags & Layout.bigData != 0, number: number, in: name)
                {
                    visit(&self, keys[index], (bytes, nodeFlags))
                }
            }
        }
    }

    /// The keys a page may hold, from the keys of the branch pages that lead to it: at least
    /// `lower` and below `upper` (nil: no bound).
    private struct KeyRange {
        var lower: [UInt8]?
        var upper: [UInt8]?

        /// Whether `keys` ascend strictly and all lie in the range.
        func holdsInOrder(_ keys: ArraySlice<[UInt8]>) -> Bool {
            guard let first = keys.first, let last = keys.last else { return true }
            if let lower, first.lexicographicallyPrecedes(lower) { return false }
            if let upper, !last.lexicographicallyPrecedes(upper) { return false }
            return zip(keys, keys.dropFirst()).allSatisfy { $0.lexicographicallyPrecedes($1) }
        }
    }

    /// The offsets of the nodes of `page`, when its header and every node header and key lie inside it.
    private mutating func nodes(of page: [UInt8], number: UInt64, in name: String) -> [Int] {
        let lower = Int(page.word16(Layout.lower)), upper = Int(page.word16(Layout.upper))
        guard lower >= Layout.header, lower <= upper, upper <= pageSize, (lower - Layout.header) % 2 == 0 else {
            report("page \(number) of \(name) has a damaged header (free space \(lower)–\(upper))")
            return []
        }
        let offsets = stride(from: Layout.header, to: lower, by: 2).map { Int(page.word16($0)) }
        let outside = offsets.first { offset in
            offset < upper || offset + Layout.nodeHeader > pageSize
                || offset + Layout.nodeHeader + Int(page.word16(offset + 6)) > pageSize
        }
        if let outside {
            report("page \(number) of \(name) has a node outside it (at \(outside))")
            return []
        }
        return offsets
    }

    /// The `size` bytes of a leaf value at `offset` in `page`, or in the overflow pages whose
    /// number is there; nil (reported) when they do not lie where they should.
    private mutating func leafValue(
        _ page: [UInt8], node offset: Int, size: Int, bigData: Bool, number: UInt64,
        in name: String
    ) -> [UInt8]? {
        guard bigData else {
            guard offset + size <= pageSize else {
                report("page \(number) of \(name) has a value past its end")
                return nil
            }
            return Array(page[offset..<offset + size])
        }
        guard offset + 8 <= pageSize else {
            report("page \(number) of \(name) has a value past its end")
            return nil
        }
        let first = page.word64(offset)
        guard let head = read(first, pages: 1) else { return nil }
        let count = Int(head.word32(Layout.overflowCount))
        guard head.word16(Layout.flags) & Layout.overflow != 0, count >= 1, size <= count * pageSize - Layout.header else {
            report("page \(first), the overflow pages of a value on page \(number) of \(name), is damaged")
            return nil
        }
        guard mark(first, count: count, in: name), let pages = read(first, pages: count) else { return nil }
        return Array(pages[Layout.header..<Layout.header + size])
    }

    /// The page numbers of a free-page list: its length, then that many numbers, each a machine word.
    private mutating func freeList(_ value: Value) -> [UInt64]? {
        let word = MemoryLayout<UInt64>.size
        let length = value.bytes.count >= word ? Int(clamping: value.bytes.word64(0)) : -1
        guard length >= 0, value.bytes.count == (length + 1) * word else {
            report("the free-page list is malformed (\(value.bytes.count) bytes)")
            return nil
        }
        return (1..<length + 1).map { value.bytes.word64($0 * word) }
    }

    /// Notes pages `first` to `first + count - 1` as found in `place`; false (reported) when
    /// one is outside the snapshot or was found before.
    @discardableResult
    private mutating func mark(_ first: UInt64, count: Int, in place: String) -> Bool {
        guard first >= 2, first < UInt64(pageCount), count <= pageCount - Int(first) else {
            report("\(place) names page \(first), which is not one of the \(pageCount) pages in use")
            return false
        }
        for page in Int(first)..<Int(first) + count {
            guard !found[page] else {
                report("page \(page) is found twice (the second time in \(place))")
                return false
            }
            found[page] = true
        }
        return true
    }

    /// `pages` pages from `first`, when they can be read and the first says it is page `first`.
    private mutating func read(_ first: UInt64, pages: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: pages * pageSize)
        let count = pread(descriptor, &bytes, bytes.count, off_t(first) * off_t(pageSize))
        guard count == bytes.count else {
            report("page \(first) cannot be read: \(count < 0 ? String(cString: strerror(errno)) : "past the end of the file")")
            return nil
        }
        guard bytes.word64(Layout.pageNumber) == first else {
            report("page \(first) says it is page \(bytes.word64(Layout.pageNumber))")
            return nil
        }
        return bytes
    }

    private mutating func report(_ problem: String) {
        if problems.count < limit { problems.append(problem) }
    }
}
