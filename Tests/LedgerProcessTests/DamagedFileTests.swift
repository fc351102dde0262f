import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A damaged ledger file, or one truncated under a reader, never crashes `ledger`: verify
/// reports the damage and every other command stops with exit 5 and one line pointing at
/// `ledger verify`.
@Suite struct DamagedFileTests {
    /// A seeded ledger whose newest meta page says its main tree starts past its last page.
    static func ledgerWithAWildRoot(in sandbox: LedgerSandbox) throws {
        try sandbox.loadSeeds()
        var file = try LedgerFileBytes(contentsOf: sandbox.ledgerPath)
        file.setWord(UInt64(file.bytes.count / file.pageSize + 50), at: file.meta(file.newestMeta) + LedgerFileBytes.mainRootOffset)
        try file.write(to: sandbox.ledgerPath)
    }

    @Test func aPagePastTheLastIsReportedAsDamage() throws {
        let sandbox = try LedgerSandbox()
        try Self.ledgerWithAWildRoot(in: sandbox)
        expectFailure(try sandbox.run(["verify"]), exit: 5, mentions: ["damaged", "ledger.lmdb"])
        for arguments in [["query", "artists"], ["export"], ["append", "FavoriteAdded", #"{"dishId":"congee"}"#], ["stats"]] {
            expectFailure(try sandbox.run(arguments), exit: 5, mentions: ["damaged", "verify reports where"])
        }
    }

    /// A key of a branch page made larger than the key after it: a seek through that page would
    /// go astray, while a scan of the leaves in order still reads every entry unchanged.
    @Test func aBranchPageKeyOutOfOrderIsReportedAsDamage() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        // Enough favourites for their tables to need branch pages; compacted, every page is in use.
        try sandbox.commit((0..<600).map { #"{"type":"FavoriteAdded","data":{"dishId":"dish-\#($0)"}}"# })
        let compacted = sandbox.path("compacted.lmdb")
        try sandbox.ok(["backup", compacted])
        var file = try LedgerFileBytes(contentsOf: compacted)
        let keys = try #require(Self.keysOfABranchPage(in: file), "the compacted ledger should have a branch page of three keys")
        try #require(file.bytes[keys.third] != 0xFF, "the third key must sort below the second made larger")
        file.bytes[keys.second] = 0xFF
        try file.write(to: compacted)
        let verify = try LedgerSandbox.run(["verify", "--ledger", compacted], input: nil, currentDirectory: sandbox.directory)
        #expect(verify.status == 5, "verify of a ledger with a branch key out of order: \(verify.stdout)")
        #expect(verify.stderr.contains("out of order"), "\(verify.stderr)")
    }

    /// Where the second and third keys of the first branch page with three keys or more begin;
    /// nil when there is none. A page's header holds its flags at byte 10 (1: branch) and the
    /// end of its node offsets at 12; the offsets start at 16, and a node holds its key's length
    /// at 6 and the key from 8.
    private static func keysOfABranchPage(in file: LedgerFileBytes) -> (second: Int, third: Int)? {
        func word16(_ offset: Int) -> Int { Int(file.bytes[offset]) | Int(file.bytes[offset + 1]) << 8 }
        for page in 2..<(file.bytes.count / file.pageSize) {
            let start = page * file.pageSize
            guard word16(start + 10) & 1 != 0, (word16(start + 12) - 16) / 2 >= 3 else { continue }
            let second = start + word16(start + 18), third = start + word16(start + 20)
            guard word16(second + 6) > 0, word16(third + 6) > 0 else { continue }
            return (second + 8, third + 8)
        }
        return nil
    }

    /// Ways a meta page's transaction id can be altered so that LMDB opens the older state.
    enum AlteredTransaction: CaseIterable, Sendable {
        /// The older meta page's id raised past the newer's.
        case olderRaised
        /// The newer meta page's id lowered to the older's.
        case newerLowered

        func apply(to file: inout LedgerFileBytes) {
            let newer = file.meta(file.newestMeta) + LedgerFileBytes.transactionOffset
            let older = file.meta(1 - file.newestMeta) + LedgerFileBytes.transactionOffset
            switch self {
            case .olderRaised: file.setWord(file.word(at: newer) + 5, at: older)
            case .newerLowered: file.setWord(file.word(at: older), at: newer)
            }
        }
    }

    /// The bytes of `sandbox`'s ledger, seeded and with one commit more (whose pages are freed).
    private func seededFileBytes(_ sandbox: LedgerSandbox) throws -> LedgerFileBytes {
        try sandbox.loadSeeds()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        return try LedgerFileBytes(contentsOf: sandbox.ledgerPath)
    }

    /// LMDB silently opens the older meta page when the newer's transaction id is no longer
    /// the larger: the last commit is lost, and the rest of the file is consistent.
    @Test(arguments: AlteredTransaction.allCases)
    func verifyFindsAnAlteredMetaPage(_ alteration: AlteredTransaction) throws {
        let sandbox = try LedgerSandbox()
        var file = try seededFileBytes(sandbox)
        alteration.apply(to: &file)
        try file.write(to: sandbox.ledgerPath)
        let verify = try sandbox.run(["verify"])
        #expect(verify.status == 5, "verify of a ledger that lost its last commit: \(verify.stdout)")
        #expect(verify.stderr.contains("meta page"), "\(verify.stderr)")
    }

    /// Ways the first list of free pages can be altered (its length, then page numbers).
    enum FreeListDamage: CaseIterable, Sendable {
        /// One page fewer: that page is lost for good.
        case shortened
        /// A page number past the file's pages.
        case pageOutOfRange
        /// The second page number replaced by the first: the next commit may hand one page out twice.
        case pageRepeated
        /// The first page number replaced by that of the main tree's root, a page in use: the
        /// next commit may overwrite it.
        case pageInUse

        func apply(to file: inout LedgerFileBytes, list: Int) {
            switch self {
            case .shortened: file.setWord(file.word(at: list) - 1, at: list)
            case .pageOutOfRange: file.setWord(1 << 33, at: list + 8)
            case .pageRepeated: file.setWord(file.word(at: list + 8), at: list + 16)
            case .pageInUse: file.setWord(file.word(at: file.meta(file.newestMeta) + LedgerFileBytes.mainRootOffset), at: list + 8)
            }
        }
    }

    /// A damaged free-page list reads as intact, but would make a later commit lose pages,
    /// take garbage for free pages, or overwrite a page still in use.
    @Test(arguments: FreeListDamage.allCases)
    func verifyFindsAnAlteredFreePageList(_ damage: FreeListDamage) throws {
        let sandbox = try LedgerSandbox()
        var file = try seededFileBytes(sandbox)
        let list = try #require(file.firstFreeList, "the seeded ledger has freed pages")
        try #require(file.word(at: list) >= 2, "the first free-page list holds two pages")
        damage.apply(to: &file, list: list)
        try file.write(to: sandbox.ledgerPath)
        let verify = try sandbox.run(["verify"])
        #expect(verify.status == 5, "verify of a ledger with a damaged free-page list: \(verify.stdout)")
        #expect(verify.stderr.contains("free-page list"), "\(verify.stderr)")
    }

    /// A log entry whose key was cut short (LMDB trusts the key size) is read as damage,
    /// not as eight bytes past the key's end.
    @Test func logKeysCutShortAreDamageNotACrash() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        var file = try LedgerFileBytes(contentsOf: sandbox.ledgerPath)
        try #require(file.cutLogKeys(events: Seeds.eventCount) > 0, "the log's entries are found")
        try file.write(to: sandbox.ledgerPath)
        for arguments in [["export"], ["log"], ["stats"]] {
            let result = try sandbox.run(arguments)
            #expect(result.status == 0 || result.status == 5, "ledger \(arguments) exited \(result.status): \(result.stderr.prefix(300))")
        }
        let verify = try sandbox.run(["verify"])
        #expect(verify.status == 5, "verify of a log with cut keys: \(verify.stdout) \(verify.stderr)")
    }

    /// Readers stream the log; the file is cut to its two meta pages while they are halfway.
    @Test(.processTestLimit, arguments: [["export"], ["log", "--json"]])
    func aFileTruncatedUnderAReaderStopsItWithAMessage(_ command: [String]) throws {
        let sandbox = try LedgerSandbox()
        let lines = (0..<20_000).map { #"{"type":"FavoriteAdded","data":{"dishId":"dish-\#($0)"}}"# }
        try sandbox.ok(["append", "--batch", try sandbox.write("big.ndjson", lines.joined(separator: "\n") + "\n")])

        let process = ProcessPlumbing.process(LedgerSandbox.executable, command + ["--ledger", sandbox.ledgerPath])
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let errorText = PipeReader(errors.fileHandleForReading)
        // The first output shows the reader is under way; it cannot finish while its output
        // (megabytes) is not read.
        let first = try output.fileHandleForReading.read(upToCount: 100) ?? Data()
        try #require(!first.isEmpty, "\(command) printed nothing")
        #expect(truncate(sandbox.ledgerPath, 2 * 4096) == 0)
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let result = RunResult(
            status: process.terminationStatus, stdout: "",
            stderr: String(decoding: errorText.wait(), as: UTF8.self))
        #expect(process.terminationReason == .exit, "\(command) died of signal \(process.terminationStatus)")
        expectFailure(result, exit: 5, mentions: ["SIGBUS", "truncated", "ledger verify"])
        #expect(first.count + rest.count < 20_000 * 50, "\(command) stopped before its end")
    }

    /// Commands that write wait for another process's write; the file is cut to its two meta
    /// pages while they wait, and the writer is then killed, letting them go on.
    @Test(.processTestLimit, arguments: [["rebuild", "--quiet"]])
    func aFileTruncatedWhileACommandWaitsStopsItWithAMessage(_ command: [String]) throws {
        let sandbox = try LedgerSandbox()
        func batch(_ name: String, from first: Int, count: Int) throws -> String {
            let lines = (first..<first + count).map { #"{"type":"FavoriteAdded","data":{"dishId":"dish-\#($0)"}}"# }
            return try sandbox.write(name, lines.joined(separator: "\n") + "\n")
        }
        try sandbox.ok(["append", "--batch", try batch("first.ndjson", from: 0, count: 20_000)])
        let writer = try BackgroundLedger(["append", "--batch", try batch("second.ndjson", from: 20_000, count: 60_000)], in: sandbox)
        let writerID = writer.process.processIdentifier
        try #require(WriteLockProbe.waitForWriteLock(of: sandbox.ledgerPath, heldBy: writerID) == writerID)
        kill(writerID, SIGSTOP)

        let waiting = try BackgroundLedger(command, in: sandbox)
        let deadline = Date().addingTimeInterval(60)
        while !waiting.stderr.contains("waiting for"), waiting.process.isRunning, Date() < deadline { usleep(10_000) }
        try #require(waiting.stderr.contains("waiting for"), "\(command) should wait for the writer: \(waiting.stderr)")
        #expect(truncate(sandbox.ledgerPath, 2 * 4096) == 0)
        kill(writerID, SIGKILL)

        #expect(waiting.waitForExit(within: 60))
        #expect(waiting.process.terminationReason == .exit, "\(command) died of signal \(waiting.process.terminationStatus)")
        #expect(waiting.process.terminationStatus == 5)
        let last = waiting.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("ledger: error: ") && last.contains("truncated"), "\(waiting.stderr)")
    }
}
