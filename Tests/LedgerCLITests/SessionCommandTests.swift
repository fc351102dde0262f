import Foundation
import LedgerCLITestSupport
import Testing

/// `ledger session …` and `ledger query … --session ID`. Every call is a new process,
/// so every test also shows that sessions survive restarts.
@Suite struct SessionCommandTests {
    /// Pink Floyd with the song "Money2" (id `money`) and Queen without songs; no "Hey You".
    static let music = """
        {"type":"ArtistCreated","data":{"artistId":"pink-floyd","name":"Pink Floyd"}}
        {"type":"SongAdded","data":{"songId":"money","title":"Money2","artistId":"pink-floyd"}}
        {"type":"ArtistCreated","data":{"artistId":"queen","name":"Queen"}}
        """

    /// Three categories, four animals in them and one without a category.
    static let animals = """
        {"type":"CategoryCreated","data":{"categoryId":"mammal","name":"Mammal"}}
        {"type":"CategoryCreated","data":{"categoryId":"bird","name":"Bird"}}
        {"type":"CategoryCreated","data":{"categoryId":"reptile","name":"Reptile"}}
        {"type":"AnimalAdded","data":{"animalId":"lion","name":"Lion","diet":"carnivorous","categoryId":"mammal"}}
        {"type":"AnimalAdded","data":{"animalId":"koala","name":"Koala","diet":"herbivorous","categoryId":"mammal"}}
        {"type":"AnimalAdded","data":{"animalId":"tux","name":"Tux","diet":"carnivorous","categoryId":"bird"}}
        {"type":"AnimalAdded","data":{"animalId":"gecko","name":"Gecko","diet":"carnivorous","categoryId":"reptile"}}
        {"type":"AnimalAdded","data":{"animalId":"platypus","name":"Platypus","diet":"carnivorous"}}
        """

    func sandbox(_ fixtures: String...) throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        for fixture in fixtures { try sandbox.ok(["append", "--batch", "-"], input: fixture) }
        return sandbox
    }

    /// The raw `--json` answers of every read model (with `session`: of its preview), including
    /// `artist-songs` and `category-animals` for each fixture entity that exists there.
    func readModels(_ sandbox: LedgerSandbox, session: String? = nil) throws -> [String] {
        let suffix = session.map { ["--session", $0] } ?? []
        var models = [
            ["artists"], ["songs"], ["songs", "--orphans"], ["categories"], ["animals"],
            ["animals", "--uncategorized"], ["favorites"],
        ]
        let entities = [
            ["artist-songs", "pink-floyd"], ["artist-songs", "queen"], ["category-animals", "mammal"],
            ["category-animals", "bird"], ["category-animals", "reptile"], ["category-animals", "fish"],
        ]
        for entity in entities where try sandbox.run(["query"] + entity + suffix).status == 0 {
            models.append(entity)
        }
        return try models.map { model in "\(model): " + (try sandbox.rawJSON(["query"] + model + suffix)) }
    }

    // MARK: - begin, add, show, list

    @Test func beginPrintsTheIdAloneOrAsJSON() throws {
        let sandbox = try LedgerSandbox()
        let plain = try sandbox.beginSession()
        let result = try sandbox.ok(["session", "begin"])
        #expect(result.stdout == "\(result.lines.first ?? "")\n", "exactly one line: \(result.stdout.debugDescription)")
        let json = try sandbox.object(["session", "begin", "--name", "Edit artist"])
        #expect(json.keySet == ["session"])
        let named = try #require(json.string("session"))
        #expect(Set([plain, result.lines.first ?? "", named]).count == 3, "every session gets its own id")

        #expect(Set(try sandbox.sessionIDs()) == Set([plain, result.lines.first ?? "", named]))
        let listed = try sandbox.array(["session", "list"]).first { $0.string("session") == named }
        #expect(listed?.string("name") == "Edit artist")
        #expect(listed?.int("eventCount") == 0)
        #expect(try sandbox.showSession(named).string("session") == named)
        #expect(try sandbox.showSession(named).objects("events")?.isEmpty == true)
        #expect(try sandbox.ok(["session", "list"]).stdout.contains(named))
        #expect(try sandbox.eventCount() == 0, "beginning sessions appends nothing")
    }

    @Test func addStagesFromArgumentOrStdinAndShowListsEventsAndStreams() throws {
        let sandbox = try sandbox(Self.music)
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "SongRetitled", #"{"songId":"money","title":"Money"}"#)
        try sandbox.ok(["session", "add", session, "SongAdded"], input: #"{"songId":"hey-you","title":"Hey You","artistId":"pink-floyd"}"#)
        try sandbox.ok(["session", "add", session, "SongAdded"], input: #"{"title":"Untitled"}"#)

        let shown = try sandbox.showSession(session)
        let events = try #require(shown.objects("events"))
        #expect(events.map { $0.string("type") } == ["SongRetitled", "SongAdded", "SongAdded"])
        #expect((events[0]["data"] as? [String: Any])?.string("title") == "Money")
        #expect((events[1]["data"] as? [String: Any])?.string("songId") == "hey-you")
        let assigned = try #require((events[2]["data"] as? [String: Any])?.string("songId"), "the staged event carries its assigned id")
        #expect(!assigned.isEmpty)
        let streams = try #require(shown["streams"] as? [String: Any])
        #expect(streams.keySet == ["song-money", "song-hey-you", "song-\(assigned)"])
        #expect(streams.int("song-money") == 1 && streams.int("song-hey-you") == 0 && streams.int("song-\(assigned)") == 0)
        #expect(try sandbox.array(["session", "list"]).first?.int("eventCount") == 3)

        let table = try sandbox.ok(["session", "show", session]).stdout
        for text in ["SongRetitled", "SongAdded", "Hey You", "song-money", "song-hey-you"] {
            #expect(table.contains(text), "session show should mention \(text): \(table)")
        }
        #expect(try sandbox.eventCount() == 3, "staging appends nothing")
    }

    @Test func anUnknownSessionIdIsExit1() throws {
        let sandbox = try sandbox(Self.music)
        let existing = try sandbox.beginSession()
        try sandbox.stage(existing, "SongRetitled", #"{"songId":"money","title":"Money"}"#)
        let log = try sandbox.rawJSON(["log"])
        let unknown = "no-such-session"
        let commands: [[String]] = [
            ["session", "add", unknown, "SongRetitled", #"{"songId":"money","title":"Money"}"#],
            ["session", "show", unknown],
            ["session", "show", unknown, "--json"],
            ["session", "commit", unknown],
            ["session", "discard", unknown],
            ["query", "artists", "--session", unknown],
            ["query", "artist-songs", "pink-floyd", "--session", unknown, "--json"],
        ]
        for command in commands {
            expectFailure(try sandbox.run(command), exit: 1, mentions: [unknown])
        }
        expectFailure(
            try sandbox.run(["session", "add", unknown, "SongRetitled"], input: #"{"songId":"money","title":"Money"}"#),
            exit: 1, mentions: [unknown])
        #expect(try sandbox.rawJSON(["log"]) == log)
        #expect(try sandbox.stagedTypes(existing) == ["SongRetitled"], "other sessions are untouched")
    }

    @Test(arguments: ["\u{1B}]0;owned\u{07}", String(repeating: "n", count: 120_000), " ", "a\rb"])
    func aSessionNameBreakingTheRulesOfNamesIsExit4(_ name: String) throws {
        let sandbox = try sandbox(Self.music)
        expectFailure(try sandbox.run(["session", "begin", "--name", name]), exit: 4, mentions: ["name"])
        #expect(try sandbox.sessionIDs().isEmpty, "no session was begun")
    }

    @Test func usageErrorsAreExit2() throws {
        let sandbox = try sandbox(Self.music)
        let session = try sandbox.beginSession()
        for command in [
            ["session"], ["session", "frobnicate"], ["session", "add", session], ["session", "show"],
            ["session", "begin", "extra"], ["query", "artists", "--session"],
        ] {
            let result = try sandbox.run(command)
            #expect(result.status == 2, "ledger \(command.joined(separator: " ")): exit \(result.status), stderr: \(result.stderr)")
        }
        #expect(try sandbox.stagedTypes(session).isEmpty)
    }

    // MARK: - staging

    @Test func aRejectedEventIsNotStagedAndTheSessionStaysUsable() throws {
        let sandbox = try sandbox(Self.music)
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "SongAdded", #"{"songId":"hey-you","title":"Hey You","artistId":"pink-floyd"}"#)
        let before = try sandbox.rawJSON(["session", "show", session])

        let rules: [(String, String, String)] = [
            ("SongRetitled", #"{"songId":"nothing","title":"X"}"#, "song-nothing"),
            ("SongAdded", #"{"songId":"hey-you","title":"Hey You Again"}"#, "song-hey-you"),
            ("SongAdded", #"{"songId":"money","title":"Money Again"}"#, "song-money"),
            ("SongAdded", #"{"songId":"x","title":"X","artistId":"nobody"}"#, "artist-nobody"),
            ("ArtistRenamed", #"{"artistId":"abba","name":"ABBA"}"#, "artist-abba"),
        ]
        for (type, json, entity) in rules {
            expectFailure(try sandbox.run(["session", "add", session, type, json]), exit: 1, mentions: [entity])
        }
        let inputs: [([String], String?, String)] = [
            (["SongRetitled", #"{"songId":"money","title":"#], nil, "json"),
            (["SongRetitled", #"{"songId":"money","title":"Money","bpm":120}"#], nil, "bpm"),
            (["SongRetitled", #"{"songId":"money"}"#], nil, "title"),
            (["SongRetitled", #"{"songId":"money","title":""}"#], nil, "title"),
            (["SongRenamed", #"{"songId":"money","title":"Money"}"#], nil, "SongRenamed"),
            (["SongRetitled", #"["money"]"#], nil, "object|json"),
            (["SongRetitled"], #"{"songId":"money","title":"#, "json"),
        ]
        for (arguments, input, mention) in inputs {
            expectFailure(try sandbox.run(["session", "add", session] + arguments, input: input), exit: 4, mentions: [mention])
        }
        #expect(try sandbox.rawJSON(["session", "show", session]) == before, "rejected events leave the session as it was")

        try sandbox.stage(session, "SongRetitled", #"{"songId":"money","title":"Money"}"#)
        #expect(try sandbox.stagedTypes(session) == ["SongAdded", "SongRetitled"])
        let commit = try sandbox.object(["session", "commit", session])
        #expect(commit.ints("positions") == [4, 5])
        #expect(try sandbox.eventCount() == 5)
    }

    @Test func stagingSeesTheLedgerPlusEarlierStagedEvents() throws {
        let sandbox = try sandbox(Self.animals)
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "CategoryCreated", #"{"categoryId":"fish","name":"Fish"}"#)
        try sandbox.stage(session, "AnimalAdded", #"{"animalId":"nemo","name":"Nemo","diet":"omnivorous","categoryId":"fish"}"#)
        try sandbox.stage(session, "AnimalRenamed", #"{"animalId":"nemo","name":"Nemo the Clownfish"}"#)
        expectFailure(
            try sandbox.run(["session", "add", session, "CategoryCreated", #"{"categoryId":"fish2","name":" FISH "}"#]),
            exit: 1, mentions: ["category-fish2"])
        expectFailure(
            try sandbox.run(["session", "add", session, "CategoryCreated", #"{"categoryId":"mammals","name":"MAMMAL"}"#]),
            exit: 1, mentions: ["category-mammals"])
        try sandbox.stage(session, "CategoryDeleted", #"{"categoryId":"mammal"}"#)
        expectFailure(
            try sandbox.run(["session", "add", session, "AnimalRenamed", #"{"animalId":"lion","name":"Leo"}"#]),
            exit: 1, mentions: ["animal-lion"])
        try sandbox.stage(session, "CategoryCreated", #"{"categoryId":"mammals","name":"Mammal"}"#)
        #expect(
            try sandbox.stagedTypes(session)
                == ["CategoryCreated", "AnimalAdded", "AnimalRenamed", "CategoryDeleted", "CategoryCreated"])
        let fish = try sandbox.object(["query", "category-animals", "fish", "--session", session])
        #expect(fish.objects("animals")?.map { $0.string("name") } == ["Nemo the Clownfish"])
    }

    // MARK: - preview

    @Test func thePreviewShowsCascadesInEveryReadModel() throws {
        let sandbox = try sandbox(Self.animals)
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "AnimalRecategorized", #"{"animalId":"koala","categoryId":"bird"}"#)
        try sandbox.stage(session, "CategoryDeleted", #"{"categoryId":"mammal"}"#)
        let live = try readModels(sandbox)

        let animals = try sandbox.array(["query", "animals", "--session", session])
        #expect(animals.map { $0.string("animalId") } == ["gecko", "koala", "platypus", "tux"], "lion went with its category")
        #expect(animals.first { $0.string("animalId") == "koala" }?.string("categoryId") == "bird")
        let uncategorized = try sandbox.array(["query", "animals", "--uncategorized", "--session", session])
        #expect(uncategorized.map { $0.string("animalId") } == ["platypus"])
        let categories = try sandbox.array(["query", "categories", "--session", session])
        #expect(categories.map { $0.string("categoryId") } == ["bird", "reptile"])
        #expect(categories.map { $0.int("animalCount") } == [2, 1])
        let bird = try sandbox.object(["query", "category-animals", "bird", "--session", session])
        #expect(bird.objects("animals")?.map { $0.string("animalId") } == ["koala", "tux"])
        expectFailure(try sandbox.run(["query", "category-animals", "mammal", "--session", session]), exit: 1, mentions: ["mammal"])
        let table = try sandbox.ok(["query", "animals", "--session", session]).stdout
        #expect(table.contains("Koala") && !table.contains("Lion"), "table form of the preview: \(table)")

        #expect(try readModels(sandbox) == live, "without --session nothing changed")
        let mammal = try sandbox.object(["query", "category-animals", "mammal"])
        #expect(mammal.objects("animals")?.map { $0.string("animalId") } == ["koala", "lion"])
        #expect(try sandbox.array(["query", "animals"]).count == 5)
    }

    // MARK: - commit and discard

    @Test func commitAppendsEveryStagedEventAsOneCommitAndDeletesTheSession() throws {
        let sandbox = try sandbox(Self.music)
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "ArtistRenamed", #"{"artistId":"queen","name":"Queen + Adam Lambert"}"#)
        try sandbox.stage(session, "SongReassigned", #"{"songId":"money","artistId":"queen"}"#)
        try sandbox.stage(session, "SongRetitled", #"{"songId":"money","title":"Money"}"#)
        let stagedIDs = try #require(try sandbox.showSession(session).objects("events")).compactMap { $0.string("id") }
        let preview = try sandbox.rawJSON(["query", "artist-songs", "queen", "--session", session])

        let commit = try sandbox.object(["session", "commit", session])
        #expect(commit.int("commit") == 2)
        #expect(commit.ints("positions") == [4, 5, 6])

        let log = try sandbox.log()
        #expect(log.count == 6)
        let appended = Array(log.suffix(3))
        #expect(appended.map { $0.int("commit") } == [2, 2, 2])
        #expect(appended.map { $0.int("position") } == [4, 5, 6])
        #expect(appended.map { $0.string("type") } == ["ArtistRenamed", "SongReassigned", "SongRetitled"])
        #expect(appended.map { $0.string("id") } == stagedIDs, "appended with the ids shown while staged")
        #expect(try sandbox.stats().int("commits") == 2)

        #expect(try sandbox.rawJSON(["query", "artist-songs", "queen"]) == preview, "the read model equals the preview at once")
        expectFailure(try sandbox.run(["session", "show", session]), exit: 1, mentions: [session])
        expectFailure(try sandbox.run(["session", "commit", session]), exit: 1, mentions: [session])
        #expect(try sandbox.sessionIDs().isEmpty)
        #expect(try sandbox.log().count == 6)
    }

    @Test func discardDeletesTheSessionAndTouchesNothingElse() throws {
        let sandbox = try sandbox(Self.music, Self.animals)
        let log = try sandbox.rawJSON(["log"])
        let models = try readModels(sandbox)
        let stats = try sandbox.countingStats()
        let session = try sandbox.beginSession()
        let other = try sandbox.beginSession()
        try sandbox.stage(session, "SongRetitled", #"{"songId":"money","title":"Money"}"#)
        try sandbox.stage(session, "CategoryDeleted", #"{"categoryId":"mammal"}"#)
        try sandbox.ok(["session", "discard", session])

        #expect(try sandbox.rawJSON(["log"]) == log)
        #expect(try readModels(sandbox) == models)
        #expect(try sandbox.countingStats() == stats)
        #expect(try sandbox.sessionIDs() == [other])
        expectFailure(try sandbox.run(["session", "show", session]), exit: 1, mentions: [session])
        expectFailure(try sandbox.run(["session", "discard", session]), exit: 1, mentions: [session])
    }

    @Test func sessionsAreInvisibleWithoutSession() throws {
        let sandbox = try sandbox(Self.music, Self.animals)
        let log = try sandbox.rawJSON(["log"])
        let models = try readModels(sandbox)
        let stats = try sandbox.countingStats()
        let session = try sandbox.beginSession(name: "invisible")
        try sandbox.stage(session, "SongAdded", #"{"songId":"hey-you","title":"Hey You","artistId":"pink-floyd"}"#)
        try sandbox.stage(session, "CategoryDeleted", #"{"categoryId":"reptile"}"#)
        try sandbox.stage(session, "FavoriteAdded", #"{"dishId":"pizza"}"#)

        #expect(try sandbox.rawJSON(["log"]) == log)
        #expect(try sandbox.ok(["log"]).stdout.contains("hey-you") == false)
        #expect(try readModels(sandbox) == models)
        #expect(try sandbox.countingStats() == stats)
        expectFailure(try sandbox.run(["history", "song-hey-you"]), exit: 1, mentions: ["song-hey-you"])
        #expect(try sandbox.ndjson(["history", "animal-gecko"]).count == 1)
        #expect(try readModels(sandbox, session: session) != models, "but the preview shows them")
        let favorites = try sandbox.array(["query", "favorites", "--session", session])
        #expect(favorites.map { $0.string("dishId") } == ["pizza"])
    }

    // MARK: - conflicts

    @Test func aMovedTouchedStreamIsExit3AppendsNothingAndKeepsTheSession() throws {
        let sandbox = try sandbox(Self.animals)
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "AnimalRenamed", #"{"animalId":"lion","name":"Leo"}"#)
        try sandbox.stage(session, "AnimalRenamed", #"{"animalId":"koala","name":"Kevin"}"#)
        try sandbox.ok(["append", "AnimalDietChanged", #"{"animalId":"koala","diet":"omnivorous"}"#])
        let log = try sandbox.rawJSON(["log"])
        let shown = try sandbox.rawJSON(["session", "show", session])

        expectFailure(try sandbox.run(["session", "commit", session]), exit: 3, mentions: ["animal-koala"])
        expectFailure(try sandbox.run(["session", "commit", session, "--json"]), exit: 3)
        #expect(try sandbox.rawJSON(["log"]) == log)
        #expect(try sandbox.rawJSON(["session", "show", session]) == shown, "the session is kept as it was")
        #expect(try sandbox.sessionIDs() == [session])
        let preview = try sandbox.array(["query", "animals", "--session", session])
        #expect(preview.first { $0.string("animalId") == "koala" }?.string("name") == "Kevin")
    }

    @Test func theVersionIsPinnedWhenTheSessionFirstTouchesTheStream() throws {
        let sandbox = try sandbox(Self.animals)
        let session = try sandbox.beginSession()
        try sandbox.ok(["append", "AnimalRenamed", #"{"animalId":"tux","name":"Tux I"}"#])
        try sandbox.stage(session, "AnimalRenamed", #"{"animalId":"tux","name":"Tux II"}"#)
        #expect(
            (try sandbox.showSession(session)["streams"] as? [String: Any])?.int("animal-tux") == 2,
            "a move before the first touch is part of the pin")
        try sandbox.ok(["append", "AnimalRenamed", #"{"animalId":"tux","name":"Tux III"}"#])
        try sandbox.stage(session, "AnimalDietChanged", #"{"animalId":"tux","diet":"omnivorous"}"#)
        #expect(
            (try sandbox.showSession(session)["streams"] as? [String: Any])?.int("animal-tux") == 2,
            "touching the stream again keeps the first pin")
        let events = try sandbox.eventCount()
        expectFailure(try sandbox.run(["session", "commit", session]), exit: 3, mentions: ["animal-tux"])
        #expect(try sandbox.eventCount() == events)
    }

    @Test func untouchedStreamsMayMoveFreely() throws {
        let sandbox = try sandbox(Self.animals)
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "AnimalRenamed", #"{"animalId":"lion","name":"Leo"}"#)
        try sandbox.ok(["append", "AnimalRenamed", #"{"animalId":"koala","name":"Kevin"}"#])
        try sandbox.ok(["append", "CategoryRenamed", #"{"categoryId":"mammal","name":"Mammals"}"#])
        try sandbox.ok(["append", "CategoryCreated", #"{"categoryId":"fish","name":"Fish"}"#])
        let commit = try sandbox.object(["session", "commit", session])
        #expect(commit.int("commit") == 5)
        #expect(commit.ints("positions") == [12])
        let names = try sandbox.array(["query", "animals"]).compactMap { $0.string("name") }
        #expect(names.contains("Leo") && names.contains("Kevin"))
    }

    @Test func aRuleBrokenMeanwhileIsExit1AppendsNothingAndKeepsTheSession() throws {
        let sandbox = try sandbox(Self.animals)
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "CategoryCreated", #"{"categoryId":"fish","name":"Fish"}"#)
        try sandbox.stage(session, "AnimalAdded", #"{"animalId":"nemo","name":"Nemo","diet":"omnivorous","categoryId":"fish"}"#)
        try sandbox.ok(["append", "CategoryCreated", #"{"categoryId":"pisces","name":"fish"}"#])
        let log = try sandbox.rawJSON(["log"])
        let models = try readModels(sandbox)

        expectFailure(try sandbox.run(["session", "commit", session]), exit: 1, mentions: ["unique", "category-fish"])
        #expect(try sandbox.rawJSON(["log"]) == log)
        #expect(try readModels(sandbox) == models)
        #expect(try sandbox.stagedTypes(session) == ["CategoryCreated", "AnimalAdded"])
        #expect(try sandbox.sessionIDs() == [session])
    }

    // MARK: - stories

    /// Story 1: a session adds "Hey You" to Pink Floyd and retitles "Money2" to "Money".
    @Test func storySongsShowTogetherOnlyOnceCommitted() throws {
        let sandbox = try sandbox(Self.music)
        let session = try sandbox.beginSession(name: "Pink Floyd songs")
        try sandbox.stage(session, "SongAdded", #"{"songId":"hey-you","title":"Hey You","artistId":"pink-floyd"}"#)
        try sandbox.stage(session, "SongRetitled", #"{"songId":"money","title":"Money"}"#)
        func titles(_ extra: [String] = []) throws -> [String] {
            try #require(try sandbox.object(["query", "artist-songs", "pink-floyd"] + extra).objects("songs")).compactMap { $0.string("title") }
        }

        #expect(try titles(["--session", session]) == ["Hey You", "Money"])
        #expect(try titles() == ["Money2"], "neither edit shows before the commit")
        let before = try sandbox.log()

        let commit = try sandbox.object(["session", "commit", session])
        #expect(try titles() == ["Hey You", "Money"], "both show at once")
        let log = try sandbox.log()
        #expect(log.count == before.count + 2)
        let edits = Array(log.suffix(2))
        #expect(edits.map { $0.string("type") } == ["SongAdded", "SongRetitled"])
        let commits = edits.compactMap { $0.int("commit") }
        #expect(commits.count == 2 && commits[0] == commits[1] && commits[0] == commit.int("commit"))
        #expect(commits.first.map { $0 > (before.last?.int("commit") ?? 0) } == true)
        let positions = edits.compactMap { $0.int("position") }
        #expect(positions.count == 2 && positions[1] == positions[0] + 1 && positions[0] == before.count + 1)
        #expect(commit.ints("positions") == positions)
    }

    /// Story 2: an animal editor renames an animal, changes its diet and moves it in one
    /// commit; a second edit of the same kind is discarded and changes nothing.
    @Test func storyAnimalEditorCommitsOneEditAndDiscardsAnother() throws {
        let sandbox = try sandbox(Self.animals)
        let edit = try sandbox.beginSession(name: "Edit Tux")
        try sandbox.stage(edit, "AnimalRenamed", #"{"animalId":"tux","name":"Tux the Penguin"}"#)
        try sandbox.stage(edit, "AnimalDietChanged", #"{"animalId":"tux","diet":"omnivorous"}"#)
        try sandbox.stage(edit, "AnimalRecategorized", #"{"animalId":"tux","categoryId":"reptile"}"#)
        let preview = try sandbox.array(["query", "animals", "--session", edit]).first { $0.string("animalId") == "tux" }
        #expect(preview?.string("name") == "Tux the Penguin")

        let commit = try sandbox.object(["session", "commit", edit])
        #expect(commit.ints("positions") == [9, 10, 11])
        let log = try sandbox.log()
        let appended = log.filter { $0.int("commit") == commit.int("commit") }
        #expect(appended.map { $0.string("type") } == ["AnimalRenamed", "AnimalDietChanged", "AnimalRecategorized"])
        #expect(appended.map { $0.int("position") } == [9, 10, 11])
        #expect(appended.allSatisfy { $0.string("stream") == "animal-tux" })
        let tux = try sandbox.array(["query", "animals"]).first { $0.string("animalId") == "tux" }
        #expect(tux?.string("name") == "Tux the Penguin")
        #expect(tux?.string("diet") == "omnivorous")
        #expect(tux?.string("categoryId") == "reptile")
        let reptiles = try sandbox.object(["query", "category-animals", "reptile"]).objects("animals")
        #expect(reptiles?.map { $0.string("animalId") } == ["gecko", "tux"])
        #expect(try sandbox.object(["query", "category-animals", "bird"]).objects("animals")?.isEmpty == true)

        let logBefore = try sandbox.rawJSON(["log"])
        let modelsBefore = try readModels(sandbox)
        let second = try sandbox.beginSession(name: "Edit Koala")
        try sandbox.stage(second, "AnimalRenamed", #"{"animalId":"koala","name":"Koala Bear"}"#)
        try sandbox.stage(second, "AnimalDietChanged", #"{"animalId":"koala","diet":"omnivorous"}"#)
        try sandbox.stage(second, "AnimalRecategorized", #"{"animalId":"koala","categoryId":"bird"}"#)
        #expect(try readModels(sandbox, session: second) != modelsBefore)
        try sandbox.ok(["session", "discard", second])
        #expect(try sandbox.rawJSON(["log"]) == logBefore)
        #expect(try readModels(sandbox) == modelsBefore)
        #expect(try sandbox.sessionIDs().isEmpty)
    }

    /// Story 3: two sessions retitle the same song; the first commit wins, the second
    /// conflicts, is kept, and is then discarded.
    @Test func storyTwoSessionsEditOneSongAndTheFirstCommitWins() throws {
        let sandbox = try sandbox(Self.music)
        let first = try sandbox.beginSession(name: "first")
        let second = try sandbox.beginSession(name: "second")
        try sandbox.stage(first, "SongRetitled", #"{"songId":"money","title":"Money"}"#)
        try sandbox.stage(second, "SongRetitled", #"{"songId":"money","title":"Money (Remastered)"}"#)

        try sandbox.ok(["session", "commit", first])
        let afterFirst = try sandbox.rawJSON(["log"])
        expectFailure(try sandbox.run(["session", "commit", second]), exit: 3, mentions: ["song-money"])
        #expect(try sandbox.rawJSON(["log"]) == afterFirst, "the conflicting commit appends nothing")
        #expect(try sandbox.stagedTypes(second) == ["SongRetitled"], "session show still works")
        #expect(try sandbox.sessionIDs() == [second])
        #expect(try sandbox.ok(["session", "list"]).stdout.contains(second))

        try sandbox.ok(["session", "discard", second])
        #expect(try sandbox.sessionIDs().isEmpty)
        let retitles = try sandbox.log().filter { $0.string("type") == "SongRetitled" }
        #expect(retitles.count == 1)
        #expect((retitles.first?["data"] as? [String: Any])?.string("title") == "Money")
        let songs = try sandbox.object(["query", "artist-songs", "pink-floyd"]).objects("songs")
        #expect(songs?.map { $0.string("title") } == ["Money"])
    }
}
