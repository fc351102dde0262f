import Foundation
import LedgerCLITestSupport
import Testing

/// one writer at a time, readers never blocked.
@Suite struct ReaderTests {
    /// Parses the ledger's `YYYY-MM-DDTHH:MM:SS.ffffffZ` timestamps.
    static func date(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { "-T:.Z".contains($0) }).compactMap { Int($0) }
        guard parts.count == 7 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(
            year: parts[0], month: parts[1], day: parts[2],
            hour: parts[3], minute: parts[4], second: parts[5])
        return calendar.date(from: components).map { $0.addingTimeInterval(Double(parts[6]) / 1_000_000) }
    }

    @Test(.processTestLimit)
    func readersAreNotBlockedWhileABigBatchIsBeingWritten() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#])
        let lines = (0..<60_000).map { #"{"type":"FavoriteAdded","data":{"dishId":"dish-\#($0)"}}"# }
        let batch = try sandbox.write("big.ndjson", lines.joined(separator: "\n") + "\n")

        let writer = Process()
        writer.executableURL = LedgerSandbox.executable
        writer.arguments = ["append", "--batch", batch, "--json", "--ledger", sandbox.ledgerPath]
        try #require(FileManager.default.createFile(atPath: sandbox.path("writer.out"), contents: nil))
        writer.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: sandbox.path("writer.out")))
        writer.standardError = FileHandle.nullDevice
        try writer.run()

        // Each read: when it started, and whether it saw the batch (position 2 exists).
        var reads: [(start: Date, sawBatch: Bool)] = []
        while writer.isRunning {
            let start = Date()
            let result = try sandbox.run(["log", "--from", "2", "--limit", "1", "--json"])
            #expect(result.status == 0, "a read during a write failed: \(result.stderr)")
            reads.append((start, !result.stdout.isEmpty))
        }
        writer.waitUntilExit()
        #expect(writer.terminationStatus == 0)
        let output = try String(contentsOfFile: sandbox.path("writer.out"), encoding: .utf8)
        let appended = try #require(try LedgerSandbox.json(output) as? [String: Any])
        let transactionStart = try #require(appended.string("recordedAt").flatMap(Self.date))

        // The batch's write transaction began at its recordedAt. A reader that is never blocked
        // gets through during the transaction and sees the log without the batch; a blocked
        // reader waits for the commit and can only ever see the batch.
        let during = reads.filter { $0.start > transactionStart.addingTimeInterval(0.01) }
        #expect(!during.isEmpty, "no read started while the batch was written")
        #expect(
            during.contains { !$0.sawBatch },
            "every read started during the write waited for the writer's commit (\(during.count) reads)")
        #expect(try sandbox.stats().int("events") == 60_001)
    }
}
