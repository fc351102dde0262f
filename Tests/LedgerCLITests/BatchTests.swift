import Foundation
import LedgerCLITestSupport
import Testing

/// `ledger append --batch FILE|-`: one commit, all or nothing.
@Suite struct BatchTests {
    /// A ledger holding one event (position 1, commit 1), so failures can be checked against it.
    func startedSandbox() throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#])
        return sandbox
    }

    /// Expects the batch of `lines`, given on standard input, refused with `exit` and one error
    /// line mentioning `mentions`, and nothing appended to the ledger of `sandbox`.
    func expectRefused(
        _ lines: [String], in sandbox: LedgerSandbox, exit: Int32, mentions: [String], sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let events = try sandbox.eventCount(sourceLocation: sourceLocation)
        let result = try sandbox.run(["append", "--batch", "-"], input: lines.joined(separator: "\n") + "\n")
        expectFailure(result, exit: exit, mentions: mentions, sourceLocation: sourceLocation)
        #expect(try sandbox.eventCount(sourceLocation: sourceLocation) == events, sourceLocation: sourceLocation)
    }

    @Test func aMalformedLineAppendsNothingAndNamesTheLine() throws {
        let sandbox = try startedSandbox()
        let file = try sandbox.write(
            "batch.ndjson",
            """
            {"type":"ArtistCreated","data":{"artistId":"a1","name":"One"}}
            {"type":"ArtistCreated","data":{"artistId":"a2","name":"Two"}}
            {"type":"ArtistCreated","data":{"artistId":"a3","name":"Three"
            {"type":"ArtistCreated","data":{"artistId":"a4","name":"Four"}}
            {"type":"ArtistCreated","data":{"artistId":"a5","name":"Five"}}

            """)
        let result = try sandbox.run(["append", "--batch", file])
        expectFailure(result, exit: 4, mentions: ["line 3"])
        #expect(try sandbox.eventCount() == 1)
        #expect(try sandbox.array(["query", "artists"]).isEmpty)
    }

    @Test func aBadFieldOnALineAppendsNothingAndNamesTheLineAndField() throws {
        let lines = [
            #"{"type":"CategoryCreated","data":{"categoryId":"bird","name":"Bird"}}"#,
            #"{"type":"AnimalAdded","data":{"animalId":"owl","name":"Owl","diet":"carnivorous","categoryId":"bird"}}"#,
            #"{"type":"AnimalAdded","data":{"animalId":"cow","name":"Cow","diet":"grass"}}"#,
        ]
        try expectRefused(lines, in: try startedSandbox(), exit: 4, mentions: ["line 3", "diet"])
    }

    @Test func aRuleBrokenOnLineFourAppendsNothingAndNamesTheLine() throws {
        let sandbox = try startedSandbox()
        let file = try sandbox.write(
            "batch.ndjson",
            """
            {"type":"ArtistCreated","data":{"artistId":"a1","name":"One"}}
            {"type":"ArtistCreated","data":{"artistId":"a2","name":"Two"}}
            {"type":"SongAdded","data":{"songId":"s1","title":"First","artistId":"a1"}}
            {"type":"SongAdded","data":{"songId":"s2","title":"Second","artistId":"ghost-artist"}}
            {"type":"SongAdded","data":{"songId":"s3","title":"Third","artistId":"a2"}}

            """)
        let result = try sandbox.run(["append", "--batch", file])
        expectFailure(result, exit: 1, mentions: ["line 4", "ghost-artist"])
        #expect(try sandbox.eventCount() == 1)
        #expect(try sandbox.array(["query", "artists"]).isEmpty)
        #expect(try sandbox.array(["query", "songs"]).isEmpty)
        let stats = try sandbox.stats()
        #expect(stats.int("commits") == 1)
    }

    @Test func aBatchIntoAMissingLedgerCreatesItWholeOrNotAtAll() throws {
        let sandbox = try LedgerSandbox()
        let lines = """
            {"type":"ArtistCreated","data":{"artistId":"a1","name":"One"}}
            {"type":"SongAdded","data":{"songId":"s1","title":"First","artistId":"a1"}}
            {"type":"SongAdded","data":{"songId":"s2","title":"Second","artistId":"ghost-artist"}}

            """
        let refused = try sandbox.write("refused.ndjson", lines)
        expectFailure(try sandbox.run(["append", "--batch", refused]), exit: 1, mentions: ["line 3", "ghost-artist"])
        #expect(directoryEntries(sandbox.directory.path, prefix: "ledger.lmdb") == [])
        let good = try sandbox.write("good.ndjson", lines.replacing("ghost-artist", with: "a1"))
        #expect(try sandbox.run(["append", "--batch", good]).status == 0)
        #expect(directoryEntries(sandbox.directory.path, prefix: "ledger.lmdb") == ["ledger.lmdb"])
        #expect(try sandbox.eventCount() == 3)
        #expect(try sandbox.ok(["verify"]).stdout.hasPrefix("ok: 3 events"))
    }

    @Test func aConflictOnALineAppendsNothingAndNamesTheLine() throws {
        let lines = [
            #"{"type":"ArtistCreated","data":{"artistId":"a1","name":"One"},"expect":"none"}"#,
            #"{"type":"FavoriteRemoved","data":{"dishId":"har-gow"},"expect":5}"#,
        ]
        try expectRefused(lines, in: try startedSandbox(), exit: 3, mentions: ["line 2", "favorite-har-gow"])
    }

    @Test func aGoodBatchIsOneCommitWithConsecutivePositions() throws {
        let sandbox = try startedSandbox()
        let file = try sandbox.write(
            "batch.ndjson",
            """
            {"type":"ArtistCreated","data":{"artistId":"a1","name":"One"}}
            {"type":"ArtistCreated","data":{"name":"Nameless"}}
            {"type":"FavoriteAdded","data":{"dishId":"siu-mai"},"id":"6f1c3b59-1d0e-4c38-9d8b-1f0a2b3c4d5e"}
            {"type":"FavoriteRemoved","data":{"dishId":"har-gow"},"expect":1}

            """)
        let result = try sandbox.object(["append", "--batch", file])
        #expect(result.keySet == ["commit", "positions", "recordedAt", "assigned"])
        #expect(result.int("commit") == 2)
        #expect(result.ints("positions") == [2, 3, 4, 5])
        let log = try sandbox.log()
        #expect(log.map { $0.int("position") } == [1, 2, 3, 4, 5])
        #expect(log.map { $0.int("commit") } == [1, 2, 2, 2, 2])
        let times = Set(log.dropFirst().compactMap { $0.string("recordedAt") })
        #expect(times == Set([result.string("recordedAt")].compactMap { $0 }), "one commit has one time")
        #expect(log[3].string("id") == "6f1c3b59-1d0e-4c38-9d8b-1f0a2b3c4d5e")
        let assignedText = String(describing: result["assigned"] ?? "")
        let nameless = try #require(log[2]["data"] as? [String: Any])
        let assignedID = try #require(nameless.string("artistId"))
        #expect(UUID(uuidString: assignedID) != nil)
        #expect(assignedText.contains(assignedID), "the batch reports the assigned artistId")
        let stats = try sandbox.stats()
        #expect(stats.int("commits") == 2)
        #expect(stats.int("events") == 5)
    }

    @Test func aBatchFromStandardInputSeesItsEarlierLines() throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(
            ["append", "--batch", "-", "--json"],
            input: """
                {"type":"ArtistCreated","data":{"artistId":"abba","name":"ABBA"}}
                {"type":"SongAdded","data":{"songId":"waterloo","title":"Waterloo","artistId":"abba"}}
                {"type":"SongRetitled","data":{"songId":"waterloo","title":"Waterloo!"}}
                {"type":"CategoryCreated","data":{"categoryId":"bird","name":"Bird"}}
                {"type":"CategoryRenamed","data":{"categoryId":"bird","name":"Birds"}}
                {"type":"AnimalAdded","data":{"animalId":"owl","name":"Owl","diet":"carnivorous","categoryId":"bird"}}
                """)
        #expect(result.status == 0, "\(result.stderr)")
        let appended = try #require(try LedgerSandbox.json(result.stdout) as? [String: Any])
        #expect(appended.ints("positions") == [1, 2, 3, 4, 5, 6])
        #expect(appended.int("commit") == 1)
        let abba = try sandbox.object(["query", "artist-songs", "abba"])
        let songs = try #require(abba["songs"] as? [[String: Any]])
        #expect(songs.map { $0.string("title") } == ["Waterloo!"])
        let birds = try sandbox.object(["query", "category-animals", "bird"])
        #expect(birds.string("name") == "Birds")
        #expect((birds["animals"] as? [[String: Any]])?.map { $0.string("animalId") } == ["owl"])
    }

    @Test func aBatchBreakingARuleAgainstItsOwnEarlierLineIsRejected() throws {
        let lines = [
            #"{"type":"CategoryCreated","data":{"categoryId":"bird","name":"Bird"}}"#,
            #"{"type":"CategoryCreated","data":{"categoryId":"birds","name":" BIRD"}}"#,
        ]
        try expectRefused(lines, in: try LedgerSandbox(), exit: 1, mentions: ["line 2"])
    }

    @Test func aBatchLineWithAnUnknownKeyIsInvalid() throws {
        let lines = [
            #"{"type":"FavoriteAdded","data":{"dishId":"siu-mai"}}"#, #"{"type":"FavoriteAdded","data":{"dishId":"egg-tart"},"expcet":1}"#,
        ]
        try expectRefused(lines, in: try startedSandbox(), exit: 4, mentions: ["line 2", "expcet"])
    }

    /// A batch file of `count` favourites spanning more than one read of the file, with a
    /// blank line after every 1,000th, and `replaced` lines (by index) replaced.
    func favourites(_ count: Int, replacing replaced: [Int: String]) -> String {
        let note = String(repeating: "x", count: 60)
        return (0..<count).map { index in
            let line = replaced[index] ?? #"{"type":"FavoriteAdded","data":{"dishId":"dish-\#(index)"},"metadata":{"note":"\#(note)"}}"#
            return index % 1_000 == 999 ? line + "\n" : line
        }.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [(10_500, 11_500, "line 10511", 4), (11_500, 10_500, "line 10511", 1)])
    func theFirstRefusedLineOfALargeFileIsNamedWhateverTheLaterOnesHold(
        malformed: Int, broken: Int, named: String, exit: Int32
    )
        throws
    {
        let sandbox = try startedSandbox()
        let lines = favourites(
            12_000,
            replacing: [
                malformed: #"{"type":"FavoriteAdded","data":"#,
                broken: #"{"type":"FavoriteAdded","data":{"dishId":"dish-5"}}"#,
            ])
        #expect(lines.utf8.count > 1 << 20, "more than one read of the file")
        let file = try sandbox.write("batch.ndjson", lines)
        expectFailure(try sandbox.run(["append", "--batch", file]), exit: exit, mentions: [named])
        #expect(try sandbox.eventCount() == 1)
    }
}
