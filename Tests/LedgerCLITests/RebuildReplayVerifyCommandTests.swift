import Animals
import Favorites
import Foundation
import LedgerCLITestSupport
import Music
import Testing

@testable import EventLedger

/// `ledger rebuild`, `ledger replay` and `ledger verify`, with the ledger file changed
/// behind the ledger's back.
@Suite struct RebuildReplayVerifyCommandTests {
    /// The queries compared: about a live artist and category, and about ones the fixture deletes.
    static let queries =
        ReadModelQueries.all(artist: "pink-floyd", category: "mammal")
        + [["artist-songs", "queen"], ["category-animals", "amphibian"]]

    /// A title found nowhere else in the fixture.
    static let uniqueTitle = "Zyxwv Quartz Lullaby"

    /// The seeds (84 events in 3 commits) and four more commits: a category deleted with its
    /// animals (85), an artist deleted (86), a batch (87–88) and a favourite removed (89).
    func fixture() throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        try sandbox.commit([#"{"type":"CategoryDeleted","data":{"categoryId":"amphibian"}}"#])
        try sandbox.commit([#"{"type":"ArtistDeleted","data":{"artistId":"queen"}}"#])
        try sandbox.commit([
            #"{"type":"SongAdded","data":{"songId":"zq","title":"\#(Self.uniqueTitle)","artistId":"pink-floyd"}}"#,
            #"{"type":"ArtistRenamed","data":{"artistId":"radiohead","name":"Radiohead Two"}}"#,
        ])
        try sandbox.commit([#"{"type":"FavoriteRemoved","data":{"dishId":"har-gow"}}"#])
        try #require(try sandbox.eventCount() == 89)
        return sandbox
    }

    /// Opens the sandbox's ledger in this process and changes its tables in one write
    /// transaction, bypassing the ledger; the ledger is closed again before returning.
    func tamper(_ sandbox: LedgerSandbox, _ body: (Ledger, Transaction) throws -> Void) throws {
        let ledger = try Ledger(path: sandbox.ledgerPath, domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()])
        try ledger.core.environment.write { txn in try body(ledger, txn) }
    }

    /// The stored table (every version of every row) of the read-model table `table` of `projection`.
    func stored(_ ledger: Ledger, _ projection: String, _ table: String) throws -> Table {
        try #require(ledger.core.tables.readModels[TableName(qualifiedName: "\(projection).\(table)")], "\(projection).\(table)")
    }

    /// Deletes the entry of the unique song from the songs' index by artist.
    func deleteArtistSongRow(_ sandbox: LedgerSandbox) throws {
        try tamper(sandbox) { ledger, txn throws in
            let key = ArtistSongKeyShape(artistId: "pink-floyd", titleOrder: NameOrder.key(Self.uniqueTitle), songId: "zq")
            let storedKey = StoredRow.storedKey(try BinaryEncoding.encode(key, with: BinaryWriter(.key)))
            let table = try stored(ledger, "artist-songs", "songs#by-artist")
            let latest = try txn.withCursor(table) { cursor in
                try cursor.seek(before: storedKey + StoredRow.afterEveryVersion).map { Array($0.key) }
            }
            let versionKey = try #require(latest)
            try #require(versionKey.starts(with: storedKey + [0]), "the song's row has a version")
            #expect(try txn.delete(table, versionKey))
        }
    }

    /// Deletes the first entry of `table` (the oldest version of its first row).
    func deleteFirst(_ txn: Transaction, _ table: Table) throws {
        try deleteEntry(txn, table) { try $0.first() }
    }

    /// Deletes the last entry of `table`: the latest version of its last row, so its
    /// current value changes (a row comes back or goes away).
    func deleteLast(_ txn: Transaction, _ table: Table) throws {
        try deleteEntry(txn, table) { try $0.last() }
    }

    private func deleteEntry(_ txn: Transaction, _ table: Table, _ find: (Cursor) throws -> Cursor.Entry?) throws {
        let key = try txn.withCursor(table) { cursor in try find(cursor).map { Array($0.key) } }
        let found = try #require(key, "\(table.name) is empty")
        #expect(try txn.delete(table, found))
    }

    /// `ledger verify`, expected to fail (exit 5) with one error line on stderr; returns that line and the problems listed on stdout.
    func failingVerify(_ sandbox: LedgerSandbox, sourceLocation: SourceLocation = #_sourceLocation) throws -> (error: String, problems: [String]) {
        let result = try sandbox.run(["verify"])
        #expect(result.status == 5, "exit \(result.status): \(result.stdout) \(result.stderr)", sourceLocation: sourceLocation)
        expectOneErrorLine(result.stderr, sourceLocation: sourceLocation)
        return (result.stderr, result.lines)
    }

    // MARK: rebuild

    @Test func rebuildAllEqualsTheInlineStateWithProgressOnStderr() throws {
        let sandbox = try fixture()
        let inline = try sandbox.answers(Self.queries)
        let result = try sandbox.ok(["rebuild"])
        #expect(result.lines.count == 1, "\(result.stdout)")
        #expect(result.stdout.contains("events/s"), "\(result.stdout)")
        #expect(result.stdout.contains("89 events"), "\(result.stdout)")
        for name in ["artist-songs", "animal-category", "favorites"] { #expect(result.stdout.contains(name), "\(result.stdout)") }
        let progress = result.stderr.split(separator: "\n").map(String.init)
        #expect(!progress.isEmpty)
        #expect(progress.last == "rebuild: 100% (89/89 events)", "\(result.stderr)")
        #expect(progress.allSatisfy { $0.hasPrefix("rebuild: ") && $0.hasSuffix("/89 events)") }, "\(result.stderr)")
        let counts = progress.compactMap { $0.split(separator: "(").last?.split(separator: "/").first.flatMap { Int($0) } }
        #expect(
            counts.count == progress.count && counts == counts.sorted(),
            "progress never goes back across the three read models: \(result.stderr)")
        #expect(!result.stderr.contains("\r"), "plain lines, not a redrawn bar, when stderr is not a terminal")
        #expect(try sandbox.answers(Self.queries) == inline)
        let checkpoints = try #require(try sandbox.stats()["checkpoints"] as? [String: Any])
        #expect(checkpoints.keys.sorted() == ["animal-category", "artist-songs", "favorites"])
        #expect(checkpoints.keys.allSatisfy { checkpoints.int($0) == 89 }, "\(checkpoints)")
        try sandbox.ok(["verify"])
    }

    @Test func rebuildQuietPrintsNoProgress() throws {
        let sandbox = try fixture()
        let inline = try sandbox.answers(Self.queries)
        let result = try sandbox.ok(["rebuild", "--quiet"])
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        #expect(result.stdout.contains("events/s"), "\(result.stdout)")
        #expect(try sandbox.answers(Self.queries) == inline)
    }

    @Test func rebuildRepairsTheNamedReadModelsOnly() throws {
        let sandbox = try fixture()
        let inline = try sandbox.answers(Self.queries)
        try deleteArtistSongRow(sandbox)
        try tamper(sandbox) { ledger, txn throws in try deleteLast(txn, stored(ledger, "favorites", "favorites#by-position")) }
        #expect(try sandbox.answers(Self.queries) != inline, "the tampering shows in the queries")

        let favorites = try sandbox.ok(["rebuild", "favorites"])
        #expect(favorites.stdout.contains("favorites") && !favorites.stdout.contains("artist-songs"), "\(favorites.stdout)")
        let stillBroken = try failingVerify(sandbox)
        #expect(stillBroken.error.contains("artist-songs"), "\(stillBroken.error)")
        #expect(!stillBroken.problems.contains { $0.contains("favorites") }, "favorites was rebuilt: \(stillBroken.problems)")
        #expect(try sandbox.answers(Self.queries)[8] == inline[8], "favorites as it was")
        #expect(try sandbox.answers(Self.queries)[1] != inline[1], "artist-songs not rebuilt yet")

        let music = try sandbox.ok(["rebuild", "artist-songs"])
        #expect(music.stdout.contains("artist-songs") && music.stdout.contains("events/s"), "\(music.stdout)")
        #expect(try sandbox.answers(Self.queries) == inline)
        try sandbox.ok(["verify"])
    }

    @Test func rebuildOfASingleProjectionEqualsTheInlineState() throws {
        let sandbox = try fixture()
        let inline = try sandbox.answers(Self.queries)
        for name in ["artist-songs", "animal-category", "favorites"] {
            let result = try sandbox.ok(["rebuild", name])
            #expect(result.stderr.split(separator: "\n").last == "rebuild: 100% (89/89 events)", "\(result.stderr)")
            #expect(try sandbox.answers(Self.queries) == inline, "after rebuild \(name)")
            try sandbox.ok(["verify"])
        }
    }

    @Test func rebuildOfAnUnknownProjectionFailsAndChangesNothing() throws {
        let sandbox = try fixture()
        try deleteArtistSongRow(sandbox)
        let damaged = try sandbox.answers(Self.queries)
        for names in [["nope"], ["artist-songs", "nope"], ["nope", "artist-songs"]] {
            expectFailure(try sandbox.run(["rebuild"] + names), exit: 4, mentions: ["nope"])
            #expect(try sandbox.answers(Self.queries) == damaged, "rebuild \(names) changed nothing")
            #expect(try failingVerify(sandbox).error.contains("artist-songs"), "the damage is still there")
        }
    }

    // MARK: replay

    @Test func replayWritesAUsableLedgerEqualToTheOriginalAsOfThatPosition() throws {
        let sandbox = try fixture()
        let log = try sandbox.ok(["log", "--json"]).lines
        #expect(log.count == 89)
        for position in [1, 40, 84, 85, 87, 89] {
            let out = sandbox.path("replay-\(position).lmdb")
            let result = try sandbox.ok(["replay", "--to", String(position), "--out", out])
            #expect(result.stdout.contains(out), "\(result.stdout)")
            let replayed = try sandbox.answers(Self.queries, ledger: out)
            #expect(replayed == (try sandbox.answers(Self.queries, ["--as-of", String(position)])), "replay --to \(position)")
            let replayedLog = try LedgerSandbox.run(["log", "--json", "--ledger", out], input: nil, currentDirectory: sandbox.directory)
            #expect(replayedLog.status == 0)
            #expect(replayedLog.lines == Array(log.prefix(position)), "the same envelopes, ids and hashes up to \(position)")
            let verify = try LedgerSandbox.run(["verify", "--ledger", out], input: nil, currentDirectory: sandbox.directory)
            #expect(verify.status == 0, "verify of the replay \(position): \(verify.stdout) \(verify.stderr)")

            let appended = try LedgerSandbox.run(
                ["append", "FavoriteAdded", #"{"dishId":"replayed-dish"}"#, "--json", "--ledger", out],
                input: nil, currentDirectory: sandbox.directory)
            #expect(appended.status == 0, "\(appended.stderr)")
            #expect((try? LedgerSandbox.json(appended.stdout) as? [String: Any])?.ints("positions") == [position + 1], "\(appended.stdout)")
            let favorites = try LedgerSandbox.run(
                ["query", "favorites", "--json", "--ledger", out], input: nil,
                currentDirectory: sandbox.directory)
            #expect(favorites.stdout.contains("replayed-dish"), "\(favorites.stdout)")
            let after = try LedgerSandbox.run(["verify", "--ledger", out], input: nil, currentDirectory: sandbox.directory)
            #expect(after.status == 0, "verify after appending to the replay \(position): \(after.stdout) \(after.stderr)")
        }
        #expect(try sandbox.ok(["log", "--json"]).lines == log, "the original is unchanged")
    }

    @Test func replayToAnExistingPathFailsAndLeavesItAlone() throws {
        let sandbox = try fixture()
        let text = try sandbox.write("notes.txt", "not a ledger\n")
        expectFailure(try sandbox.run(["replay", "--to", "10", "--out", text]), exit: 5, mentions: ["notes.txt"])
        #expect(try String(contentsOfFile: text, encoding: .utf8) == "not a ledger\n")
        #expect(!sandbox.exists("notes.txt-lock"))

        let earlier = sandbox.path("earlier.lmdb")
        try sandbox.ok(["replay", "--to", "20", "--out", earlier])
        let bytes = try Data(contentsOf: URL(fileURLWithPath: earlier))
        expectFailure(try sandbox.run(["replay", "--to", "89", "--out", earlier]), exit: 5, mentions: ["earlier.lmdb"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: earlier)) == bytes)
        let log = try LedgerSandbox.run(["log", "--json", "--ledger", earlier], input: nil, currentDirectory: sandbox.directory)
        #expect(log.lines.count == 20)

        let original = try sandbox.ok(["log", "--json"]).lines
        expectFailure(try sandbox.run(["replay", "--to", "5", "--out", sandbox.ledgerPath]), exit: 5)
        #expect(try sandbox.ok(["log", "--json"]).lines == original)
        try sandbox.ok(["verify"])
    }

    // MARK: verify

    @Test func verifyPassesOnAHealthyLedger() throws {
        let sandbox = try fixture()
        let result = try sandbox.ok(["verify"])
        #expect(result.stdout.contains("89 events"), "\(result.stdout)")
        #expect(result.stderr.isEmpty)
    }

    @Test func verifyPassesOnALedgerWithNoEvents() throws {
        let sandbox = try LedgerSandbox()
        expectFailure(try sandbox.run(["append", "ArtistRenamed", #"{"artistId":"nobody","name":"X"}"#]), exit: 1)
        #expect(FileManager.default.fileExists(atPath: sandbox.ledgerPath), "the rejected append created the file")
        #expect(try sandbox.eventCount() == 0)
        let result = try sandbox.run(["verify"])
        #expect(result.status == 0, "a ledger without events is healthy: \(result.stdout) \(result.stderr)")
    }

    @Test func verifyFindsOneFlippedByteInAStoredPayload() throws {
        let sandbox = try fixture()
        try sandbox.ok(["verify"])
        let position = try #require(try sandbox.log(["--type", "SongAdded"]).last?.int("position"))
        #expect(position == 87)

        var file = try Data(contentsOf: URL(fileURLWithPath: sandbox.ledgerPath))
        let needle = Data(#""title":"\#(Self.uniqueTitle)""#.utf8)
        var occurrences: [Int] = []
        var searchFrom = file.startIndex
        while let range = file.range(of: needle, in: searchFrom..<file.endIndex) {
            occurrences.append(range.lowerBound)
            searchFrom = range.upperBound
        }
        try #require(!occurrences.isEmpty, "the payload is stored as JSON text")
        // Each occurrence is a copy of the one record (LMDB leaves superseded pages in the
        // file); the same one character changes in each, so the record differs in one byte.
        let offset = try #require(needle.range(of: Data("Quartz".utf8))).lowerBound
        for start in occurrences {
            #expect(file[start + offset] == UInt8(ascii: "Q"))
            file[start + offset] = UInt8(ascii: "R")
        }
        try file.write(to: URL(fileURLWithPath: sandbox.ledgerPath))

        let (error, problems) = try failingVerify(sandbox)
        #expect(error.contains("position \(position)"), "\(error)")
        #expect(!problems.isEmpty && problems.allSatisfy { $0.contains("position \(position)") }, "only that event: \(problems)")
    }

    @Test func verifyNamesAReadModelWithARowDeletedBehindItsBack() throws {
        let sandbox = try fixture()
        try deleteArtistSongRow(sandbox)
        let (error, problems) = try failingVerify(sandbox)
        #expect(error.contains("artist-songs"), "\(error)")
        #expect(problems.count == 1 && problems.first?.contains("artist-songs") == true, "\(problems)")

        let ledger = try Ledger(path: sandbox.ledgerPath, domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()])
        let report = try ledger.verify()
        #expect(!report.isIntact)
        #expect(report.problems.contains { $0.contains("artist-songs") }, "\(report.problems)")
        #expect(!report.problems.contains { $0.contains("animal-category") || $0.contains("favorites") }, "\(report.problems)")
    }

    @Test func verifyNamesAReadModelWithAPastVersionDeletedBehindItsBack() throws {
        let sandbox = try fixture()
        try tamper(sandbox) { ledger, txn throws in try deleteFirst(txn, stored(ledger, "animal-category", "animals#by-category")) }
        let (error, problems) = try failingVerify(sandbox)
        #expect(error.contains("animal-category"), "\(error)")
        #expect(problems.count == 1, "\(problems)")
    }

    @Test func verifyNamesTheFavoritesReadModel() throws {
        let sandbox = try fixture()
        try tamper(sandbox) { ledger, txn throws in try deleteFirst(txn, stored(ledger, "favorites", "favorites")) }
        let (error, _) = try failingVerify(sandbox)
        #expect(error.contains("favorites"), "\(error)")
    }

    @Test func verifyFindsADeletedStreamIndexEntry() throws {
        let sandbox = try fixture()
        try tamper(sandbox) { ledger, txn throws in
            #expect(try txn.delete(ledger.core.tables.streams, LedgerTables.streamKey("song-zq", 1)))
        }
        let (error, problems) = try failingVerify(sandbox)
        #expect(error.contains("position 87") && error.contains("song-zq"), "\(error)")
        #expect(problems.contains { $0.contains("stream index") }, "\(problems)")
    }
}

/// The fields of a key of the music read model's index of songs by artist, in their order:
/// the index key (artist, title ignoring case), then the song's id.
private struct ArtistSongKeyShape: Encodable {
    var artistId: String
    var titleOrder: String
    var songId: String
}
