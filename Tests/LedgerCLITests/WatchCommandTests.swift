import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `ledger watch [--from P] [--type T] [--json]`: a watcher running in its own
/// process prints what other processes commit, until it is interrupted.
@Suite struct WatchCommandTests {
    func seeded() throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        return sandbox
    }

    /// Parses NDJSON lines into envelopes.
    func envelopes(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try lines.map { try #require(try LedgerSandbox.json($0) as? [String: Any], sourceLocation: sourceLocation) }
    }

    @Test func printsEventsCommittedByOtherProcesses() throws {
        let sandbox = try seeded()
        let watcher = try BackgroundLedger(["watch", "--json", "--from", "85"], in: sandbox)
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#])
        try sandbox.commit([
            #"{"type":"SongAdded","data":{"songId":"waterloo","title":"Waterloo","artistId":"abba"}}"#,
            #"{"type":"FavoriteAdded","data":{"dishId":"congee"}}"#,
        ])
        let lines = watcher.waitForLines(3)
        #expect(lines.count == 3, "watch printed \(lines) within 5 s; stderr: \(watcher.stderr)")
        let printed = try envelopes(lines)
        for envelope in printed {
            #expect(
                envelope.keySet == [
                    "position", "commit", "recordedAt", "id", "stream", "version", "type",
                    "schemaVersion", "data", "metadata", "hash",
                ])
        }
        #expect(printed.map { $0.int("position") } == [85, 86, 87])
        #expect(printed.map { $0.int("commit") } == [4, 5, 5])
        #expect(printed.map { $0.string("type") } == ["ArtistCreated", "SongAdded", "FavoriteAdded"])
        // Exactly what the log holds.
        let log = try sandbox.ok(["log", "--from", "85", "--json"]).lines
        #expect(printed.map { $0 as NSDictionary } == (try envelopes(log)).map { $0 as NSDictionary })
        #expect(watcher.stop(), "the watcher should end on SIGTERM")
        #expect(watcher.process.terminationReason == .uncaughtSignal)
        #expect(watcher.lines.count == 3, "nothing else was printed")
    }

    @Test func withoutFromOnlyEventsCommittedAfterItStartedArePrinted() throws {
        let sandbox = try seeded()
        let watcher = try BackgroundLedger(["watch", "--json"], in: sandbox)
        // The watcher's start is not observable: append until it reports something.
        var appended = 0
        let deadline = Date().addingTimeInterval(5)
        while watcher.lines.isEmpty, Date() < deadline {
            try sandbox.ok(["append", "FavoriteAdded", "{\"dishId\":\"dish-\(appended)\"}"])
            appended += 1
            watcher.waitForLines(1, within: 0.2)
        }
        try #require(!watcher.lines.isEmpty, "watch printed nothing within 5 s; stderr: \(watcher.stderr)")
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"last-but-one"}"#])
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"last"}"#])
        let total = 84 + appended + 2
        let firstPrinted = try #require(try envelopes([watcher.lines[0]]).first?.int("position"))
        let lines = watcher.waitForLines(total - firstPrinted + 1)
        let printed = try envelopes(lines)
        let positions = printed.compactMap { $0.int("position") }
        #expect(positions.allSatisfy { $0 > 84 }, "old events must not be printed: \(positions)")
        #expect(positions == Array(firstPrinted...total), "every new event once, in order: \(positions)")
        #expect(printed.suffix(2).map { ($0["data"] as? [String: Any])?.string("dishId") } == ["last-but-one", "last"])
        #expect(watcher.stop())
    }

    @Test func fromReplaysTheLogFromThatPositionFirst() throws {
        let sandbox = try seeded()
        let watcher = try BackgroundLedger(["watch", "--json", "--from", "80"], in: sandbox)
        let replayed = watcher.waitForLines(5)
        #expect(
            replayed == (try sandbox.ok(["log", "--from", "80", "--json"]).lines),
            "positions 80–84 first; stderr: \(watcher.stderr)")
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        let lines = watcher.waitForLines(6)
        #expect(try envelopes(lines).map { $0.int("position") } == [80, 81, 82, 83, 84, 85])
        #expect(watcher.stop())
    }

    @Test func typeFiltersTheEvents() throws {
        let sandbox = try seeded()
        let watcher = try BackgroundLedger(["watch", "--json", "--from", "1", "--type", "SongAdded"], in: sandbox)
        let replayed = watcher.waitForLines(20)
        #expect(replayed.count == 20, "the seeds' 20 SongAdded events; stderr: \(watcher.stderr)")
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#])
        try sandbox.ok(["append", "SongAdded", #"{"songId":"waterloo","title":"Waterloo","artistId":"abba"}"#])
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        try sandbox.ok(["append", "SongRetitled", #"{"songId":"waterloo","title":"Waterloo!"}"#])
        try sandbox.ok(["append", "SongAdded", #"{"songId":"sos","title":"SOS","artistId":"abba"}"#])
        let lines = watcher.waitForLines(22)
        let printed = try envelopes(lines)
        #expect(printed.count == 22)
        #expect(printed.allSatisfy { $0.string("type") == "SongAdded" }, "\(printed.map { $0.string("type") })")
        #expect(printed.suffix(2).map { $0.int("position") } == [86, 89])
        #expect(printed.suffix(2).map { ($0["data"] as? [String: Any])?.string("songId") } == ["waterloo", "sos"])
        #expect(watcher.stop())
        #expect(watcher.lines.count == 22)
    }

    @Test func withoutJSONItPrintsReadableLines() throws {
        let sandbox = try seeded()
        let watcher = try BackgroundLedger(["watch", "--from", "84"], in: sandbox)
        let first = watcher.waitForLines(1)
        try #require(first.count == 1, "stderr: \(watcher.stderr)")
        #expect(first[0].contains("84") && first[0].contains("SongReassigned") && first[0].contains("song-under-pressure"))
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        let lines = watcher.waitForLines(2)
        try #require(lines.count == 2)
        #expect(lines[1].contains("85") && lines[1].contains("FavoriteAdded") && lines[1].contains("congee"))
        #expect(lines.allSatisfy { (try? LedgerSandbox.json($0)) == nil }, "not JSON without --json")
        #expect(watcher.stop(SIGINT), "the watcher should end on SIGINT")
        #expect(watcher.process.terminationReason == .uncaughtSignal)
    }

    @Test func anInterruptedWatcherLeavesTheLedgerUsable() throws {
        let sandbox = try seeded()
        let watcher = try BackgroundLedger(["watch", "--json"], in: sandbox)
        usleep(100_000)
        #expect(watcher.stop(SIGINT))
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        #expect(try sandbox.eventCount() == 85)
        try sandbox.ok(["verify"])
    }

    @Test func watchingAMissingLedgerIsAStorageError() throws {
        let sandbox = try LedgerSandbox()
        let watcher = try BackgroundLedger(["watch", "--json"], in: sandbox)
        try #require(watcher.waitForExit(), "watch on a missing ledger should fail at once")
        #expect(watcher.process.terminationStatus == 5, "stderr: \(watcher.stderr)")
        expectOneErrorLine(watcher.stderr)
        #expect(watcher.lines.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: sandbox.ledgerPath), "a read command creates no ledger")
    }

    @Test(arguments: ["removed", "replaced"])
    func watchEndsWithExitFiveWhenTheLedgerFileIsRemovedOrReplaced(_ change: String) throws {
        let sandbox = try seeded()
        let other = sandbox.path("other.lmdb")
        let created = try LedgerSandbox.run(
            ["append", "FavoriteAdded", #"{"dishId":"elsewhere"}"#, "--ledger", other],
            input: nil, currentDirectory: sandbox.directory)
        #expect(created.status == 0, "\(created.stderr)")
        let watcher = try BackgroundLedger(["watch", "--json", "--from", "84"], in: sandbox)
        try #require(watcher.waitForLines(1).count == 1, "watch printed nothing within 5 s; stderr: \(watcher.stderr)")
        if change == "removed" { unlink(sandbox.ledgerPath) } else { rename(other, sandbox.ledgerPath) }
        #expect(watcher.waitForExit(within: 10), "watch should notice the ledger file was \(change)")
        #expect(watcher.process.terminationStatus == 5)
        expectOneErrorLine(watcher.stderr)
        #expect(watcher.stderr.contains(change), "stderr: \(watcher.stderr)")
    }
}
