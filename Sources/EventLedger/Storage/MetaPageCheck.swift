#if canImport(Glibc)
import Glibc
#endif

/// LMDB keeps two meta pages at the start of the file, written in turn by each commit, and
/// opens with the one whose transaction id is larger. They carry no checksum: a damaged id
/// can make LMDB open the older one and silently lose the last commit, and LMDB looks no
/// further than the magic number of the page it does not use. This reads both pages from the
/// file and checks what can be checked: each is a meta page of this format, both have one
/// page size, their transaction ids are consecutive, the newer uses no fewer pages (a file
/// only grows), and the pages they name lie in the file.
struct MetaPageCheck {
    /// Offsets in a meta page: LMDB's page header (page number, flags), then the meta fields.
    private static let pageNumberOffset = 0, flagsOffset = 10, magicOffset = 16, versionOffset = 20,
        pageSizeOffset = 40, freeRootOffset = 80, mainRootOffset = 128, lastPageOffset = 136,
        transactionOffset = 144, length = 152
    private static let metaFlag: UInt16 = 0x08, magic: UInt32 = 0xBEEF_C0DE, version: UInt32 = 1
    /// The page number that means "no page" (an empty tree's root).
    private static let noPage = UInt64.max

    let path: String

    /// What is wrong with the meta pages of the file at `path`, one line each; empty when
    /// nothing is. A writer may commit while they are read: what looks wrong is read again,
    /// and only what is still wrong is reported.
    func problems() throws -> [String] {
        let found = try problems(in: readStart())
        return found.isEmpty ? found : try problems(in: readStart())
    }

    /// The problems in `start`, the first bytes of a file of `fileSize` bytes.
    private func problems(in start: (bytes: [UInt8], fileSize: Int)) -> [String] {
        let pageSize = Int(start.bytes.word32(Self.pageSizeOffset))
        guard pageSize >= 512, pageSize <= Self.largestPageSize, pageSize & (pageSize - 1) == 0 else {
            return ["meta page 0: page size \(pageSize) is not a valid one"]
        }
        guard start.bytes.count >= pageSize + Self.length else { return ["\(path) is truncated: its meta pages are incomplete"] }
        let metas = [Array(start.bytes[..<Self.length]), Array(start.bytes[pageSize..<pageSize + Self.length])]
        let filePages = UInt64(start.fileSize / pageSize)
        var problems: [String] = []
        for (index, meta) in metas.enumerated() {
            problems += Self.problems(of: meta, number: index, pageSize: pageSize, filePages: filePages)
        }
        let transactions = metas.map { $0.word64(Self.transactionOffset) }
        let (older, newer) = (transactions.min()!, transactions.max()!)
        if newer - older != 1 {
            problems.append(
                "the meta pages' transaction ids \(transactions[0]) and \(transactions[1]) are not consecutive: "
                    + "one was altered, and the last commit may be lost")
        }
        let lastPages = metas.map { $0.word64(Self.lastPageOffset) }
        let newest = transactions[1] > transactions[0] ? 1 : 0
        if lastPages[newest] < lastPages[1 - newest] {
            problems.append(
                "meta page \(newest), the newer, uses fewer pages than meta page \(1 - newest) "
                    + "(\(lastPages[newest] + 1) and \(lastPages[1 - newest] + 1)): their transaction ids were altered")
        }
        return problems
    }

    private static func problems(of meta: [UInt8], number: Int, pageSize: Int, filePages: UInt64) -> [String] {
        let name = "meta page \(number)"
        guard meta.word64(pageNumberOffset) == UInt64(number), meta.word16(flagsOffset) & metaFlag != 0,
            meta.word32(magicOffset) == magic, meta.word32(versionOffset) == version
        else {
            return ["\(name) is not an LMDB meta page of this format (altered header)"]
        }
        var problems: [String] = []
        if meta.word32(pageSizeOffset) != UInt32(pageSize) {
            problems.append("\(name): page size \(meta.word32(pageSizeOffset)), meta page 0 says \(pageSize)")
        }
        let lastPage = meta.word64(lastPageOffset)
        if lastPage >= filePages {
            problems.append("\(name): last page \(lastPage) is past the end of the file (\(filePages) pages)")
        }
        for (tree, offset) in [("free-page", freeRootOffset), ("main", mainRootOffset)] {
            let root = meta.word64(offset)
            if root != noPage, root < 2 || root > lastPage {
                problems.append("\(name): the root of the \(tree) tree, page \(root), is not a page in use")
            }
        }
        return problems
    }

    /// The largest page size LMDB allows.
    private static let largestPageSize = 1 << 16

    /// The first bytes of the file (enough for both meta pages at any page size), read at
    /// once, and its size.
    private func readStart() throws -> (bytes: [UInt8], fileSize: Int) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw readFailure(errno) }
        defer { close(descriptor) }
        guard let start = Self.readStart(descriptor) else { throw readFailure(errno) }
        guard start.bytes.count >= Self.length else { throw LedgerError(.corruption, "\(path) is truncated: its meta pages are incomplete") }
        return start
    }

    private static func readStart(_ descriptor: Int32) -> (bytes: [UInt8], fileSize: Int)? {
        var bytes = [UInt8](repeating: 0, count: largestPageSize + length)
        let count = pread(descriptor, &bytes, bytes.count, 0)
        var status = stat()
        guard count >= 0, fstat(descriptor, &status) == 0 else { return nil }
        return (Array(bytes[..<count]), Int(status.st_size))
    }

    /// What a meta page says about its commit.
    struct Meta {
        let pageSize: Int
        let lastPage: Int
        let freeRoot: UInt64
        let mainRoot: UInt64
    }

    /// The meta page of the commit `transaction` in the file open on `descriptor`; nil when
    /// neither meta page is (any longer) that commit's, or they cannot be read.
    static func meta(ofTransaction transaction: Int, in descriptor: Int32) -> Meta? {
        guard let start = readStart(descriptor), start.bytes.count >= length else { return nil }
        let pageSize = Int(start.bytes.word32(pageSizeOffset))
        for offset in [0, pageSize] where offset + length <= start.bytes.count {
            let meta = Array(start.bytes[offset..<offset + length])
            guard meta.word64(transactionOffset) == UInt64(transaction) else { continue }
            return Meta(
                pageSize: pageSize, lastPage: Int(clamping: meta.word64(lastPageOffset)),
                freeRoot: meta.word64(freeRootOffset), mainRoot: meta.word64(mainRootOffset))
        }
        return nil
    }

    private func readFailure(_ code: Int32) -> LedgerError {
        LedgerError(.storage, "cannot read \(path): \(String(cString: strerror(code)))")
    }
}
