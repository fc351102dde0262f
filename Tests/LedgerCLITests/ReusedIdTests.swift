import Foundation
import LedgerCLITestSupport
import Testing

/// An event id names one event: reusing it for the same event is an idempotent retry,
/// reusing it for another event is invalid input (exit 4) and appends nothing, whether the
/// id is already in the log, earlier in the batch, or earlier in an import file.
@Suite struct ReusedIdTests {
    static let id = "5c0f8a1e-2b3d-4e6f-9a7b-1c2d3e4f5a6b"

    @Test func anAppendReusingAnIdForAnotherEventFailsAndAppendsNothing() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#, "--id", Self.id])
        for (type, data) in [
            ("ArtistCreated", #"{"artistId":"abba","name":"Björn"}"#),
            ("ArtistCreated", #"{"artistId":"queen","name":"ABBA"}"#),
            ("ArtistRenamed", #"{"artistId":"abba","name":"ABBA"}"#),
        ] {
            expectFailure(try sandbox.run(["append", type, data, "--id", Self.id]), exit: 4, mentions: [Self.id])
        }
        #expect(try sandbox.eventCount() == 1)
        // The same event again, with other metadata, is still a retry.
        let retry = try sandbox.object([
            "append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#,
            "--id", Self.id, "--meta", "attempt=2",
        ])
        #expect(retry.ints("positions") == [1])
    }

    @Test func aBatchGivingOneIdToTwoEventsFailsNamingTheLine() throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(
            ["append", "--batch", "-"],
            input: """
                {"type":"FavoriteAdded","data":{"dishId":"har-gow"},"id":"\(Self.id)"}
                {"type":"FavoriteAdded","data":{"dishId":"siu-mai"},"id":"\(Self.id)"}
                """)
        expectFailure(result, exit: 4, mentions: ["line 2", Self.id])
        #expect(try sandbox.eventCount() == 0)
        // The same event twice is one event, reported at one position.
        let twice = try sandbox.ok(
            ["append", "--batch", "-", "--json"],
            input: """
                {"type":"FavoriteAdded","data":{"dishId":"har-gow"},"id":"\(Self.id)"}
                {"type":"FavoriteAdded","data":{"dishId":"har-gow"},"id":"\(Self.id)"}
                """)
        #expect((try LedgerSandbox.json(twice.stdout) as? [String: Any])?.ints("positions") == [1, 1])
        #expect(try sandbox.eventCount() == 1)
    }

    /// The seeds' export with the envelope on line `line` (from 1) changed by `change`.
    func editedExport(_ source: LedgerSandbox, line: Int, _ change: (inout [String: Any]) -> Void) throws -> [String] {
        var lines = try source.ok(["export"]).lines
        var envelope = try #require(try LedgerSandbox.json(lines[line - 1]) as? [String: Any])
        change(&envelope)
        lines[line - 1] = InterchangeCommandTests.ndjsonLine(envelope)
        return lines
    }

    @Test func anImportLineReusingAnotherLinesIdFailsNamingTheLine() throws {
        let source = try LedgerSandbox()
        try source.loadSeeds()
        let firstId = try #require(try source.log().first?.string("id"))
        let lines = try editedExport(source, line: 10) { $0["id"] = firstId }
        let target = try LedgerSandbox()
        let file = try target.write("reused.ndjson", lines.joined(separator: "\n") + "\n")
        expectFailure(try target.run(["import", file]), exit: 4, mentions: ["line 10", firstId])
        #expect(try target.eventCount() == 0)
    }

    @Test func anImportLineWhoseIdIsInTheLogWithOtherContentFails() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let before = try sandbox.ok(["export"]).stdout
        let lines = try editedExport(sandbox, line: 3) { envelope in
            var data = envelope["data"] as? [String: Any] ?? [:]
            data["name"] = "Renamed"
            envelope["data"] = data
        }
        let file = try sandbox.write("edited.ndjson", lines.joined(separator: "\n") + "\n")
        expectFailure(try sandbox.run(["import", file]), exit: 4, mentions: ["line 3"])
        #expect(try sandbox.ok(["export"]).stdout == before)
    }
}
