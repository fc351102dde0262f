import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A damaged ledger file, or one truncated under a reader, never crashes `ledger`: verify
/// reports the damage and every other command stops with exit 5 and one line pointing at
/// `ledger verify` (§9, §11).
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
            expectFailure(try sandbox.run(arguments), exit: 5, mentions: ["damaged", "ledger verify"])
        }
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

    /// LMDB silently opens the older meta page when the newer's transaction id is no longer
    /// the larger: the last commit is lost, and the rest of the file is consistent.
    @Test(arguments: AlteredTransaction.allCases)
    func verifyFindsAnAlteredMetaPage(_ alteration: AlteredTransaction) throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        var file = try LedgerFileBytes(contentsOf: sandbox.ledgerPath)
        alteration.apply(to: &file)
        try file.write(to: sandbox.ledgerPath)
        let verify = try sandbox.run(["verify"])
        #expect(verify.status == 5, "verify of a ledger that lost its last commit: \(verify.stdout)")
        #expect(verify.stderr.contains("meta page"), "\(verify.stderr)")
    }

    /// A free-page list whose length was altered reads as intact: a shorter one loses pages
    /// for good, a longer one makes the next commit take garbage for free pages.
    @Test func verifyFindsAnAlteredFreePageList() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        var file = try LedgerFileBytes(contentsOf: sandbox.ledgerPath)
        let list = try #require(file.firstFreeList, "the seeded ledger has freed pages")
        file.setWord(file.word(at: list) - 1, at: list)
        try file.write(to: sandbox.ledgerPath)
        expectFailure(try sandbox.run(["verify"]), exit: 5, mentions: ["free-page list"])
    }

    /// Readers stream the log; the file is cut to its two meta pages while they are halfway.
    @Test(.timeLimit(.minutes(2)), arguments: [["export"], ["log", "--json"]])
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
        let result = RunResult(status: process.terminationStatus, stdout: "",
                               stderr: String(decoding: errorText.wait(), as: UTF8.self))
        #expect(process.terminationReason == .exit, "\(command) died of signal \(process.terminationStatus)")
        expectFailure(result, exit: 5, mentions: ["SIGBUS", "truncated", "ledger verify"])
        #expect(first.count + rest.count < 20_000 * 50, "\(command) stopped before its end")
    }
}
