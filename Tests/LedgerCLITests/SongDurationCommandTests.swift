import Foundation
import LedgerCLITestSupport
import Testing

/// `SongAdded` version 2 at the command line: a song's optional `durationSeconds` in
/// appends and song lists, and exports mixing version 1 and 2 events.
@Suite struct SongDurationCommandTests {
    /// A version 1 `SongAdded` of `money` by `pink-floyd`, as an earlier ledger exported it.
    static let version1Money =
        #"{"commit":2,"data":{"artistId":"pink-floyd","songId":"money","title":"Money"},"#
        + #""hash":"\#(String(repeating: "0", count: 64))","id":"0190c1b2-0000-7000-8000-000000000001","#
        + #""metadata":{},"position":2,"recordedAt":"2026-01-01T00:00:00.000000Z","schemaVersion":1,"#
        + #""stream":"song-money","type":"SongAdded","version":1}"#

    /// A sandbox with the artist `pink-floyd`, `money` imported at version 1 and `time`
    /// appended with its duration.
    func mixedVersions() throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"pink-floyd","name":"Pink Floyd"}"#])
        try sandbox.ok(["import", try sandbox.write("money.ndjson", Self.version1Money + "\n"), "--rehash"])
        try sandbox.ok(["append", "SongAdded", #"{"songId":"time","title":"Time","artistId":"pink-floyd","durationSeconds":413}"#])
        return sandbox
    }

    @Test func theSongListsShowEachDurationAndNullForNone() throws {
        let sandbox = try mixedVersions()
        #expect(
            try sandbox.rawJSON(["query", "artist-songs", "pink-floyd"])
                == #"{"artistId":"pink-floyd","name":"Pink Floyd","songs":[{"durationSeconds":null,"songId":"money","#
                + #""title":"Money"},{"durationSeconds":413,"songId":"time","title":"Time"}]}"# + "\n")
        #expect(
            try sandbox.rawJSON(["query", "songs"])
                == #"[{"artistId":"pink-floyd","durationSeconds":null,"songId":"money","title":"Money"},"#
                + #"{"artistId":"pink-floyd","durationSeconds":413,"songId":"time","title":"Time"}]"# + "\n")
        let table = try sandbox.ok(["query", "songs"]).stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(
            table == [
                ["SONG", "ID", "TITLE", "ARTIST", "ID", "SECONDS"], ["money", "Money", "pink-floyd", "-"],
                ["time", "Time", "pink-floyd", "413"],
            ])
    }

    @Test func aReplayAndARebuildOfMixedVersionsAnswerAsTheLedgerDid() throws {
        let sandbox = try mixedVersions()
        let songs = try sandbox.rawJSON(["query", "songs"])
        let replayed = sandbox.path("replayed.lmdb")
        try sandbox.ok(["replay", "--to", "3", "--out", replayed])
        let replayedSongs = try LedgerSandbox.run(
            ["query", "songs", "--json", "--ledger", replayed], input: nil,
            currentDirectory: sandbox.directory)
        #expect(replayedSongs.stdout == songs)
        try sandbox.ok(["rebuild", "--quiet"])
        try sandbox.ok(["verify"])
        #expect(try sandbox.rawJSON(["query", "songs"]) == songs)
    }

    @Test(arguments: ["0", "86401", "-1", #""413""#, "4.5"])
    func aDurationOutsideOneSecondToADayIsRefused(duration: String) throws {
        let sandbox = try LedgerSandbox()
        expectFailure(
            try sandbox.run(["append", "SongAdded", #"{"songId":"time","title":"Time","durationSeconds":\#(duration)}"#]),
            exit: 4, mentions: ["durationSeconds"])
        #expect(try sandbox.ok(["export"]).stdout.isEmpty)
    }

    @Test func anExportMixingVersionsImportsWithItsHashesAndExportsTheSameBytes() throws {
        let source = try mixedVersions()
        let export = try source.ok(["export"]).stdout
        let versions = export.split(separator: "\n").map { try? LedgerSandbox.json(String($0)) as? [String: Any] }
            .map { $0?["schemaVersion"] as? Int }
        #expect(versions == [1, 1, 2])
        let target = try LedgerSandbox()
        try target.ok(["import", try target.write("export.ndjson", export)])
        #expect(try target.ok(["export"]).stdout == export)
        try target.ok(["verify"])
        #expect(try target.rawJSON(["query", "songs"]) == source.rawJSON(["query", "songs"]))
    }
}
