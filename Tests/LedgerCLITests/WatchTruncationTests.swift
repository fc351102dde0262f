import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ledger watch` ends with exit 5 when its ledger file is truncated under it, as when the
/// file is removed or replaced, instead of going on reading what is left of it.
@Suite struct WatchTruncationTests {
    /// Cut by one page (what it reads may still be there) or to nothing at all.
    @Test(arguments: [4096, Int.max])
    func watchEndsWithExitFiveWhenItsFileIsTruncated(_ bytesCut: Int) throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let watcher = try BackgroundLedger(["watch", "--json", "--from", "84"], in: sandbox)
        try #require(watcher.waitForLines(1).count == 1, "watch printed nothing within 5 s; stderr: \(watcher.stderr)")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: sandbox.ledgerPath)[.size] as? Int)
        #expect(truncate(sandbox.ledgerPath, off_t(max(0, size - bytesCut))) == 0)
        #expect(watcher.waitForExit(within: 10), "watch should notice its ledger file was truncated")
        #expect(
            watcher.process.terminationReason == .exit && watcher.process.terminationStatus == 5,
            "\(watcher.process.terminationReason) \(watcher.process.terminationStatus); \(watcher.stderr)")
        expectOneErrorLine(watcher.stderr)
        #expect(watcher.stderr.contains("truncated"), "stderr: \(watcher.stderr)")
    }
}
