import EventLedger
import Favorites
import Foundation
import LedgerCLITestSupport
import Testing

/// `ledger query … --as-of P|T` on all seven queries, and `ledger history` of an animal
/// deleted by its category's cascade.
@Suite struct TimeTravelCommandTests {
    /// The queries compared at every point: about artist `a1` and category `mammal`.
    static let queries = ReadModelQueries.all(artist: "a1", category: "mammal")

    /// Twelve commits over fourteen events touching every read model; positions in comments.
    static let commits: [[String]] = [
        [#"{"type":"CategoryCreated","data":{"categoryId":"mammal","name":"Mammals"}}"#],  // 1
        [#"{"type":"AnimalAdded","data":{"animalId":"lion","name":"Lion","diet":"carnivorous","categoryId":"mammal"}}"#],  // 2
        [
            #"{"type":"ArtistCreated","data":{"artistId":"a1","name":"Alpha"}}"#,  // 3
            #"{"type":"SongAdded","data":{"songId":"s1","title":"First Song","artistId":"a1"}}"#,
        ],  // 4
        [#"{"type":"FavoriteAdded","data":{"dishId":"dumpling"}}"#],  // 5
        [#"{"type":"CategoryRenamed","data":{"categoryId":"mammal","name":"Mammalia"}}"#],  // 6
        [#"{"type":"ArtistRenamed","data":{"artistId":"a1","name":"Alpha Prime"}}"#],  // 7
        [
            #"{"type":"AnimalAdded","data":{"animalId":"wolf","name":"Wolf","diet":"carnivorous","categoryId":"mammal"}}"#,  // 8
            #"{"type":"AnimalAdded","data":{"animalId":"frog","name":"Frog","diet":"carnivorous"}}"#,
        ],  // 9
        [#"{"type":"CategoryDeleted","data":{"categoryId":"mammal"}}"#],  // 10
        [#"{"type":"ArtistDeleted","data":{"artistId":"a1"}}"#],  // 11
        [#"{"type":"FavoriteRemoved","data":{"dishId":"dumpling"}}"#],  // 12
        [#"{"type":"SongRetitled","data":{"songId":"s1","title":"Second Song"}}"#],  // 13
        [#"{"type":"AnimalRenamed","data":{"animalId":"frog","name":"Tree Frog"}}"#],  // 14
    ]

    /// What every query answers before the first event: empty lists, missing entities.
    static let nothing = [
        "exit 0: []\n", "exit 1: ", "exit 0: []\n", "exit 0: []\n", "exit 0: []\n", "exit 1: ",
        "exit 0: []\n", "exit 0: []\n", "exit 0: []\n",
    ]

    struct Fixture {
        let sandbox: LedgerSandbox
        /// The answers of `queries` right after each commit, by the commit's last position (and 0).
        let inline: [Int: [String]]
        /// The commits as `log --json` shows them.
        let commits: [(commit: Int, recordedAt: String, last: Int)]

        /// The answers right after the last commit recorded at or before `time`.
        func expected(at time: Instant) throws -> [String] {
            let last = try commits.filter { try #require(Instant($0.recordedAt)) <= time }.last?.last ?? 0
            return try #require(inline[last])
        }
    }

    /// The fixture's ledger, with the inline answers after every commit when `snapshots`.
    func fixture(snapshots: Bool = true) throws -> Fixture {
        let sandbox = try LedgerSandbox()
        var inline: [Int: [String]] = [:]
        if snapshots {
            try sandbox.ok(["session", "begin"])  // creates the file, no events
            inline[0] = try sandbox.answers(Self.queries)
        }
        var position = 0
        for lines in Self.commits {
            try sandbox.commit(lines)
            position += lines.count
            if snapshots { inline[position] = try sandbox.answers(Self.queries) }
        }
        let commits = try sandbox.commits()
        try #require(commits.count == Self.commits.count && commits.last?.last == 14)
        let times = try commits.map { try #require(Instant($0.recordedAt)) }
        try #require(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "commits were recorded at different times: \(times)")
        return Fixture(sandbox: sandbox, inline: inline, commits: commits)
    }

    // MARK: positions

    @Test func asOfEachPositionEqualsTheStateRightAfterIt() throws {
        let fixture = try fixture()
        #expect(fixture.inline[0] == Self.nothing, "the inline state before any event")
        for (position, expected) in fixture.inline.sorted(by: { $0.key < $1.key }) {
            #expect(try fixture.sandbox.answers(Self.queries, ["--as-of", String(position)]) == expected, "--as-of \(position)")
        }
        for query in [["query", "artists"], ["query", "artist-songs", "a1"], ["query", "categories", "--json"]] {
            expectFailure(
                try fixture.sandbox.run(query + ["--as-of", "15"]), exit: 1,
                mentions: ["position 15 is past the end of the log (last position 14)"])
        }
    }

    @Test func asOfAPositionInsideABatchSeesOnlyTheEventsUpToIt() throws {
        let sandbox = try fixture(snapshots: false).sandbox
        let artist = try sandbox.object(["query", "artist-songs", "a1", "--as-of", "3"])
        #expect(artist.string("name") == "Alpha")
        #expect(artist.objects("songs")?.isEmpty == true)
        #expect(try sandbox.array(["query", "artists", "--as-of", "3"]).map { $0.int("songCount") } == [0])
        #expect(
            try sandbox.object(["query", "artist-songs", "a1", "--as-of", "4"]).objects("songs")?.map { $0.string("title") }
                == ["First Song"])
        #expect(try sandbox.array(["query", "animals", "--as-of", "8"]).map { $0.string("animalId") } == ["lion", "wolf"])
        #expect(try sandbox.array(["query", "animals", "--as-of", "9"]).map { $0.string("animalId") } == ["frog", "lion", "wolf"])
    }

    @Test func beforeTheFirstEventListsAreEmptyAndEntitiesDoNotExist() throws {
        let fixture = try fixture(snapshots: false)
        let sandbox = fixture.sandbox
        let first = try #require(Instant(fixture.commits[0].recordedAt))
        for point in ["0", first.adding(microseconds: -1).iso(), "2000-01-01T00:00:00Z", "1999-12-31T23:00:00-01:00"] {
            #expect(try sandbox.answers(Self.queries, ["--as-of", point]) == Self.nothing, "--as-of \(point)")
            expectFailure(try sandbox.run(["query", "artist-songs", "a1", "--as-of", point]), exit: 1, mentions: ["a1"])
            expectFailure(try sandbox.run(["query", "category-animals", "mammal", "--as-of", point]), exit: 1, mentions: ["mammal"])
        }
    }

    // MARK: times

    @Test func asOfACommitsTimeIncludesItAndOneMicrosecondEarlierDoesNot() throws {
        let fixture = try fixture()
        var previous = 0
        for commit in fixture.commits {
            let time = try #require(Instant(commit.recordedAt))
            #expect(time.iso() == commit.recordedAt, "the helper writes times as the log does")
            #expect(
                try fixture.sandbox.answers(Self.queries, ["--as-of", commit.recordedAt]) == fixture.inline[commit.last],
                "--as-of \(commit.recordedAt), commit \(commit.commit)")
            let before = time.adding(microseconds: -1).iso()
            #expect(
                try fixture.sandbox.answers(Self.queries, ["--as-of", before]) == fixture.inline[previous],
                "--as-of \(before), 1 µs before commit \(commit.commit)")
            previous = commit.last
        }
    }

    @Test func timesWithOffsetsAndAnyFractionMeanTheSameInstants() throws {
        let fixture = try fixture()
        let sandbox = fixture.sandbox
        let commits = Dictionary(uniqueKeysWithValues: fixture.commits.map { ($0.last, $0) })
        // Every form around the CategoryDeleted's commit (position 10).
        let time = try #require(commits[10].flatMap { Instant($0.recordedAt) })
        let just = time.adding(microseconds: -1)
        let second = time.adding(microseconds: 1_000_000)
        let points: [(String, Instant)] = [
            (time.iso(offsetMinutes: 120), time),
            (time.iso(offsetMinutes: -330), time),
            (time.iso(offsetMinutes: 0, numericUTC: true), time),
            (just.iso(offsetMinutes: 120), just),
            (just.iso(offsetMinutes: -330), just),
            (time.iso(fractionDigits: 9), time),
            (time.iso(fractionDigits: 9).replacingOccurrences(of: "000Z", with: "001Z"), time),
            (just.iso(fractionDigits: 9).replacingOccurrences(of: "000Z", with: "999Z"), just),
            (time.iso(fractionDigits: 3), time.truncated(toFractionDigits: 3)),
            (time.iso(fractionDigits: 0), time.truncated(toFractionDigits: 0)),
            (time.iso(offsetMinutes: 60, fractionDigits: 0), time.truncated(toFractionDigits: 0)),
            (second.iso(offsetMinutes: -60, fractionDigits: 0), second.truncated(toFractionDigits: 0)),
        ]
        for (text, instant) in points {
            #expect(try sandbox.answers(Self.queries, ["--as-of", text]) == fixture.expected(at: instant), "--as-of \(text)")
        }
        #expect(fixture.inline[10] != fixture.inline[9], "the two sides of the commit differ")
        #expect(try fixture.expected(at: time) == fixture.inline[10])
        #expect(try fixture.expected(at: just) == fixture.inline[9])

        // Offsets around the first commit and the ArtistDeleted's (position 11).
        for (last, previous) in [(1, 0), (11, 10)] {
            let time = try #require(commits[last].flatMap { Instant($0.recordedAt) })
            #expect(try sandbox.answers(Self.queries, ["--as-of", time.iso(offsetMinutes: 120)]) == fixture.inline[last])
            #expect(
                try sandbox.answers(Self.queries, ["--as-of", time.adding(microseconds: -1).iso(offsetMinutes: -330)])
                    == fixture.inline[previous])
        }
    }

    // MARK: cascades, renames, history

    @Test func aCategorysAnimalsAreListedUntilItIsDeleted() throws {
        let sandbox = try fixture(snapshots: false).sandbox
        let before = try sandbox.object(["query", "category-animals", "mammal", "--as-of", "9"])
        #expect(before.string("name") == "Mammalia")
        #expect(before.objects("animals")?.map { $0.string("animalId") } == ["lion", "wolf"])
        #expect(
            try sandbox.array(["query", "categories", "--as-of", "9"]).map { "\($0.string("categoryId") ?? "") \($0.int("animalCount") ?? -1)" }
                == ["mammal 2"])
        #expect(try sandbox.array(["query", "animals", "--as-of", "9"]).map { $0.string("categoryId") ?? "-" } == ["-", "mammal", "mammal"])
        #expect(try sandbox.array(["query", "animals", "--uncategorized", "--as-of", "9"]).map { $0.string("animalId") } == ["frog"])

        expectFailure(try sandbox.run(["query", "category-animals", "mammal", "--as-of", "10"]), exit: 1, mentions: ["mammal"])
        #expect(try sandbox.array(["query", "categories", "--as-of", "10"]).isEmpty)
        #expect(try sandbox.array(["query", "animals", "--as-of", "10"]).map { $0.string("animalId") } == ["frog"])
        #expect(try sandbox.array(["query", "animals", "--uncategorized", "--as-of", "10"]).map { $0.string("animalId") } == ["frog"])
    }

    @Test func anArtistsSongsAreUnderItUntilItIsDeletedThenOrphans() throws {
        let sandbox = try fixture(snapshots: false).sandbox
        let before = try sandbox.object(["query", "artist-songs", "a1", "--as-of", "10"])
        #expect(before.string("name") == "Alpha Prime")
        #expect(before.objects("songs")?.map { $0.string("songId") } == ["s1"])
        #expect(try sandbox.array(["query", "songs", "--orphans", "--as-of", "10"]).isEmpty)
        #expect(try sandbox.array(["query", "songs", "--as-of", "10"]).first?.string("artistId") == "a1")
        #expect(try sandbox.array(["query", "artists", "--as-of", "10"]).map { $0.int("songCount") } == [1])

        expectFailure(try sandbox.run(["query", "artist-songs", "a1", "--as-of", "11"]), exit: 1, mentions: ["a1"])
        let orphans = try sandbox.array(["query", "songs", "--orphans", "--as-of", "11"])
        #expect(orphans.map { $0.string("songId") } == ["s1"])
        #expect(orphans.first?.isNull("artistId") == true)
        #expect(orphans.first?.string("title") == "First Song")
        #expect(try sandbox.array(["query", "artists", "--as-of", "11"]).isEmpty)
    }

    @Test func renamesShowTheNameOfTheirTime() throws {
        let sandbox = try fixture(snapshots: false).sandbox
        func names(_ query: [String], _ field: String, at position: Int) throws -> [String?] {
            try sandbox.array(["query"] + query + ["--as-of", String(position)]).map { $0.string(field) }
        }
        #expect(try names(["categories"], "name", at: 5) == ["Mammals"])
        #expect(try names(["categories"], "name", at: 6) == ["Mammalia"])
        #expect(try sandbox.object(["query", "category-animals", "mammal", "--as-of", "5"]).string("name") == "Mammals")
        #expect(try names(["artists"], "name", at: 6) == ["Alpha"])
        #expect(try names(["artists"], "name", at: 7) == ["Alpha Prime"])
        #expect(try sandbox.object(["query", "artist-songs", "a1", "--as-of", "6"]).string("name") == "Alpha")
        #expect(try names(["songs"], "title", at: 12) == ["First Song"])
        #expect(try names(["songs"], "title", at: 13) == ["Second Song"])
        #expect(try names(["animals"], "name", at: 13) == ["Frog"])
        #expect(try names(["animals"], "name", at: 14) == ["Tree Frog"])
        let table = try sandbox.ok(["query", "artists", "--as-of", "6"])
        #expect(table.stdout.contains("Alpha") && !table.stdout.contains("Alpha Prime"), "the table form travels too: \(table.stdout)")
        #expect(try sandbox.ok(["query", "artists", "--as-of", "7"]).stdout.contains("Alpha Prime"))
    }

    @Test func favoritesTravelWithTheirPositions() throws {
        let sandbox = try fixture(snapshots: false).sandbox
        #expect(try sandbox.array(["query", "favorites", "--as-of", "4"]).isEmpty)
        let added = try sandbox.array(["query", "favorites", "--as-of", "5"])
        #expect(added.map { $0.string("dishId") } == ["dumpling"])
        #expect(added.first?.int("position") == 5)
        #expect(try sandbox.array(["query", "favorites", "--as-of", "11"]).map { $0.string("dishId") } == ["dumpling"])
        #expect(try sandbox.array(["query", "favorites", "--as-of", "12"]).isEmpty)
    }

    @Test func historyShowsAnAnimalDeletedByItsCategorysCascadeAndASongThatLostItsArtist() throws {
        let sandbox = try fixture(snapshots: false).sandbox
        for animal in ["lion", "wolf"] {
            let history = try sandbox.ndjson(["history", "animal-\(animal)"])
            #expect(history.map { $0.string("type") } == ["AnimalAdded", "CategoryDeleted"], "animal-\(animal)")
            #expect(history.last?.int("position") == 10)
            #expect(history.last?.string("stream") == "category-mammal")
            let table = try sandbox.ok(["history", "animal-\(animal)"])
            #expect(table.stdout.contains("CategoryDeleted"), "\(table.stdout)")
        }
        #expect(try sandbox.ndjson(["history", "animal-frog"]).map { $0.string("type") } == ["AnimalAdded", "AnimalRenamed"])
        let song = try sandbox.ndjson(["history", "song-s1"])
        #expect(song.map { $0.string("type") } == ["SongAdded", "ArtistDeleted", "SongRetitled"])
        #expect(song.map { $0.string("stream") } == ["song-s1", "artist-a1", "song-s1"])
    }

    @Test func aMalformedAsOfIsInvalidInput() throws {
        let sandbox = try fixture(snapshots: false).sandbox
        for point in ["yesterday", "2026-11-29", "2026-02-30T00:00:00Z", "12x", "99999999999999999999"] {
            expectFailure(try sandbox.run(["query", "artists", "--as-of", point]), exit: 4, mentions: ["--as-of"])
        }
        let session = try sandbox.ok(["session", "begin"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        expectFailure(try sandbox.run(["query", "artists", "--as-of", "3", "--session", session]), exit: 2)
    }
}

/// `Ledger.query(_:_:asOf:)` of the favourites read model (the other six are in the domains' tests).
@Suite struct FavoritesTimeTravelTests {
    @Test func favouritesAsOfEveryPositionAndTime() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("favorites-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try Ledger(path: directory.appendingPathComponent("ledger.lmdb").path, domains: [FavoritesDomain()])
        func dishes(_ point: LogPoint) throws -> [String] {
            try ledger.read(asOf: point) { try FavoritesQueries.favorites(in: $0).map(\.dishId) }
        }
        var inline: [UInt64: String] = [0: try ledger.query("favorites").json.serializedString()]
        var times: [(Timestamp, UInt64)] = []
        for (type, dish) in [("add", "a"), ("add", "b"), ("remove", "a"), ("add", "c"), ("add", "a"), ("remove", "b")] {
            usleep(200)
            let result = type == "add" ? try ledger.append(FavoriteAdded(dishId: dish)) : try ledger.append(FavoriteRemoved(dishId: dish))
            let position = try #require(result.positions.first)
            inline[position] = try ledger.query("favorites").json.serializedString()
            times.append((result.recordedAt, position))
        }
        for (position, expected) in inline {
            #expect(try ledger.query("favorites", asOf: .position(position)).json.serializedString() == expected, "as of \(position)")
        }
        for (time, position) in times {
            #expect(try ledger.query("favorites", asOf: .time(time)).json.serializedString() == inline[position])
            #expect(
                try ledger.query("favorites", asOf: .time(Timestamp(microseconds: time.microseconds - 1))).json.serializedString()
                    == inline[position - 1])
        }
        #expect(try dishes(.position(0)) == [])
        #expect(try dishes(.position(2)) == ["a", "b"])
        #expect(try dishes(.position(3)) == ["b"])
        #expect(try dishes(.position(5)) == ["b", "c", "a"])
        #expect(try dishes(.position(6)) == ["c", "a"])
    }
}
