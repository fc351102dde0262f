import Foundation
import Testing

/// What `ledger import` refuses so a file cannot harm the ledger it enters (§9): commit
/// times ahead of the clock, which would stamp every later commit with them.
@Suite struct ImportSafetyTests {
    /// A ledger holding the seeds, and its export.
    func seededExport() throws -> (source: LedgerSandbox, lines: [String]) {
        let source = try LedgerSandbox()
        try source.loadSeeds()
        return (source, try source.ok(["export"]).lines)
    }

    /// `lines` with the envelope on line `line` (from 1) changed by `change`.
    func editing(_ lines: [String], line: Int, _ change: (inout [String: Any]) -> Void) throws -> [String] {
        var edited = lines
        var envelope = try #require(try LedgerSandbox.json(lines[line - 1]) as? [String: Any])
        change(&envelope)
        edited[line - 1] = InterchangeCommandTests.ndjsonLine(envelope)
        return edited
    }

    /// Writes `lines` as an NDJSON file in `sandbox`.
    func file(_ sandbox: LedgerSandbox, _ lines: [String]) throws -> String {
        try sandbox.write("import.ndjson", lines.joined(separator: "\n") + "\n")
    }

    @Test func aCommitTimeAheadOfTheClockIsRefusedAndTheClockStaysSane() throws {
        let (_, lines) = try seededExport()
        let future = try editing(lines, line: lines.count) { $0["recordedAt"] = "9999-12-31T23:59:59Z" }
        let target = try LedgerSandbox()
        expectFailure(try target.run(["import", try file(target, future)]), exit: 4,
                      mentions: ["line \(lines.count)", "recordedAt", "ahead"])
        #expect(try target.eventCount() == 0)
        let next = try target.object(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        #expect(next.string("recordedAt")?.hasPrefix("9999") == false)
        try target.ok(["query", "favorites", "--as-of", "2026-01-01T00:00:00Z"])
    }
}
