import Foundation
import LedgerCLITestSupport
import Testing

/// The seven read-model queries over the seeds, with `--json` and as tables.
@Suite struct QueryTests {
    func seeded() throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        return sandbox
    }

    @Test func artistsAreOrderedByNameWithSongCounts() throws {
        let artists = try seeded().array(["query", "artists"])
        for artist in artists { #expect(artist.keySet == ["artistId", "name", "songCount"]) }
        #expect(artists.map { $0.string("artistId") } == ["nina-simone", "pink-floyd", "queen", "radiohead", "sigur-ros", "the-beatles"])
        #expect(artists.map { $0.string("name") } == ["Nina Simone", "Pink Floyd", "Queen", "Radiohead", "Sigur Rós", "The Beatles"])
        #expect(artists.map { $0.int("songCount") } == [3, 5, 3, 3, 2, 3])
    }

    @Test func artistsCompareNamesIgnoringCaseThenById() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.commit([
            #"{"type":"ArtistCreated","data":{"artistId":"z-beta","name":"Beta"}}"#,
            #"{"type":"ArtistCreated","data":{"artistId":"y-alpha","name":"alpha"}}"#,
            #"{"type":"ArtistCreated","data":{"artistId":"b-echo","name":"Echo"}}"#,
            #"{"type":"ArtistCreated","data":{"artistId":"a-echo","name":"echo"}}"#,
            #"{"type":"ArtistCreated","data":{"artistId":"c-echo","name":"ECHO"}}"#,
        ])
        let ids = try sandbox.array(["query", "artists"]).map { $0.string("artistId") }
        #expect(ids == ["y-alpha", "z-beta", "a-echo", "b-echo", "c-echo"])
    }

    /// Expects the seeds' answer to `query`, an entity and those in it, to be the entity `id`
    /// (its id field `idField`) named `name`, with its members under `membersKey`, each with
    /// the keys `memberKeys`; returns the members.
    private func expectMembers(
        _ query: [String], _ idField: String, _ id: String, name: String, _ membersKey: String, keys memberKeys: Set<String>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [[String: Any]] {
        let entity = try seeded().object(["query"] + query, sourceLocation: sourceLocation)
        #expect(entity.keySet == [idField, "name", membersKey], sourceLocation: sourceLocation)
        #expect(entity.string(idField) == id && entity.string("name") == name, sourceLocation: sourceLocation)
        let members = try #require(entity.objects(membersKey), sourceLocation: sourceLocation)
        for member in members { #expect(member.keySet == memberKeys, sourceLocation: sourceLocation) }
        return members
    }

    @Test func artistSongsListsTheSongsByTitle() throws {
        let keys: Set = ["songId", "title", "durationSeconds"]
        let songs = try expectMembers(["artist-songs", "pink-floyd"], "artistId", "pink-floyd", name: "Pink Floyd", "songs", keys: keys)
        let titles = songs.compactMap { $0.string("title") }
        #expect(titles == ["Breathe", "Comfortably Numb", "Hey You", "Money", "Wish You Were Here"])
        #expect(songs.map { $0.string("songId") } == ["breathe", "comfortably-numb", "hey-you", "money", "wish-you-were-here"])
        #expect(songs.map { $0["durationSeconds"] as? Int } == [nil, nil, nil, 382, nil], "the seeds give Money a duration")
    }

    @Test func songsAreOrderedByTitleThenId() throws {
        let sandbox = try seeded()
        try sandbox.ok(["append", "SongAdded", #"{"songId":"z-money","title":"Money"}"#])
        try sandbox.ok(["append", "SongAdded", #"{"songId":"a-money","title":"Money","artistId":"queen"}"#])
        let songs = try sandbox.array(["query", "songs"])
        for song in songs { #expect(song.keySet == ["songId", "title", "artistId", "durationSeconds"]) }
        #expect(songs.count == 22)
        let ascii = songs.filter { $0.string("title")?.allSatisfy(\.isASCII) == true }
        #expect(
            ascii.map { $0.string("songId") } == [
                "bohemian-rhapsody", "breathe", "comfortably-numb", "dont-stop-me-now", "feeling-good", "greensleeves",
                "here-comes-the-sun", "hey-you", "karma-police", "let-it-be", "a-money", "money", "z-money",
                "my-baby-just-cares-for-me", "no-surprises", "paranoid-android", "sinnerman", "under-pressure",
                "wish-you-were-here", "yesterday",
            ])
        let titles = songs.compactMap { $0.string("title") }
        #expect(titles == titles.sorted(), "titles in order: \(titles)")
        let underPressure = songs.first { $0.string("songId") == "under-pressure" }
        #expect(underPressure?.string("artistId") == "queen", "SongReassigned moved it to queen")
        #expect(songs.first { $0.string("songId") == "bohemian-rhapsody" }?.string("title") == "Bohemian Rhapsody")
        #expect(songs.first { $0.string("songId") == "greensleeves" }?.isNull("artistId") == true)
    }

    /// Expects the seeds' answer to `query`, a listing with its flag for those without a live
    /// parent, to be the one entity `id` (its id field `idField`), with the keys `keys` and a
    /// null `parentField`; returns it.
    @discardableResult
    private func expectOnlyOrphan(
        _ query: [String], _ idField: String, _ id: String, keys: Set<String>, parentField: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any]? {
        let listed = try seeded().array(["query"] + query, sourceLocation: sourceLocation)
        #expect(listed.map { $0.string(idField) } == [id], sourceLocation: sourceLocation)
        #expect(listed.first?.keySet == keys, sourceLocation: sourceLocation)
        #expect(listed.first?.isNull(parentField) == true, sourceLocation: sourceLocation)
        return listed.first
    }

    @Test func orphanSongsHaveNoLiveArtist() throws {
        let keys: Set = ["songId", "title", "artistId", "durationSeconds"]
        try expectOnlyOrphan(["songs", "--orphans"], "songId", "greensleeves", keys: keys, parentField: "artistId")
    }

    @Test func categoriesAreOrderedByNameWithAnimalCounts() throws {
        let categories = try seeded().array(["query", "categories"])
        for category in categories { #expect(category.keySet == ["categoryId", "name", "animalCount"]) }
        #expect(categories.map { $0.string("categoryId") } == ["amphibian", "bird", "fish", "invertebrate", "mammal", "reptile"])
        #expect(categories.map { $0.int("animalCount") } == [4, 7, 5, 6, 9, 6])
    }

    @Test func categoryAnimalsListsTheAnimalsByName() throws {
        let keys: Set = ["animalId", "name", "diet"]
        let animals = try expectMembers(["category-animals", "mammal"], "categoryId", "mammal", name: "Mammal", "animals", keys: keys)
        #expect(
            animals.map { $0.string("name") } == [
                "African Elephant", "Blue Whale", "Brown Bear", "Chimpanzee", "Giant Panda", "Gray Wolf", "Koala", "Lion",
                "Red Fox",
            ])
        #expect(animals.first { $0.string("animalId") == "red-fox" }?.string("diet") == "omnivorous")
        #expect(animals.first { $0.string("animalId") == "lion" }?.string("diet") == "carnivorous")
    }

    @Test func animalsAreOrderedByNameWithTheirCategory() throws {
        let animals = try seeded().array(["query", "animals"])
        #expect(animals.count == 38)
        for animal in animals { #expect(animal.keySet == ["animalId", "name", "diet", "categoryId"]) }
        let names = animals.compactMap { $0.string("name") }
        #expect(names == names.sorted())
        #expect(names.first == "African Elephant")
        let octopus = animals.first { $0.string("animalId") == "octopus" }
        #expect(octopus?.string("name") == "Common Octopus")
        #expect(octopus?.string("categoryId") == "invertebrate")
        #expect(animals.first { $0.string("animalId") == "platypus" }?.isNull("categoryId") == true)
    }

    @Test func uncategorizedAnimalsHaveNoLiveCategory() throws {
        let keys: Set = ["animalId", "name", "diet", "categoryId"]
        let platypus = try expectOnlyOrphan(["animals", "--uncategorized"], "animalId", "platypus", keys: keys, parentField: "categoryId")
        #expect(platypus?.string("diet") == "carnivorous")
    }

    @Test func favoritesAreListedOldestFirst() throws {
        let favorites = try seeded().array(["query", "favorites"])
        for favorite in favorites { #expect(favorite.keySet == ["dishId", "addedAt", "position"]) }
        #expect(favorites.map { $0.string("dishId") } == ["har-gow", "siu-mai", "char-siu-bao", "cheung-fun", "egg-tart", "lo-mai-gai"])
        #expect(favorites.map { $0.int("position") } == [48, 49, 50, 51, 52, 53])
        #expect(favorites.allSatisfy { $0.string("addedAt")?.hasSuffix("Z") == true })
    }

    @Test func aFavouriteAddedAgainMovesToTheEnd() throws {
        let sandbox = try LedgerSandbox()
        for (type, dish) in [
            ("FavoriteAdded", "har-gow"), ("FavoriteAdded", "siu-mai"),
            ("FavoriteRemoved", "har-gow"), ("FavoriteAdded", "har-gow"),
        ] {
            try sandbox.ok(["append", type, "{\"dishId\":\"\(dish)\"}"])
        }
        let favorites = try sandbox.array(["query", "favorites"])
        #expect(favorites.map { $0.string("dishId") } == ["siu-mai", "har-gow"])
        #expect(favorites.map { $0.int("position") } == [2, 4])
    }

    static let tables: [(query: [String], known: String)] = [
        (["artists"], "Pink Floyd"), (["artist-songs", "pink-floyd"], "Comfortably Numb"), (["songs"], "Hey You"),
        (["songs", "--orphans"], "Greensleeves"), (["categories"], "Invertebrate"),
        (["category-animals", "mammal"], "Giant Panda"), (["animals"], "Komodo Dragon"),
        (["animals", "--uncategorized"], "Platypus"), (["favorites"], "char-siu-bao"),
    ]

    @Test func withoutJSONQueriesPrintReadableTables() throws {
        let sandbox = try seeded()
        for (query, known) in Self.tables {
            let result = try sandbox.ok(["query"] + query)
            let lines = result.lines
            #expect(lines.count >= 2, "\(query): header and rows expected: \(result.stdout)")
            #expect(
                !(lines.first ?? "").hasPrefix("[") && !(lines.first ?? "").hasPrefix("{"),
                "\(query): a table, not JSON: \(result.stdout)")
            #expect(lines.contains { $0.contains(known) }, "\(query): \(known) expected in: \(result.stdout)")
            #expect((try? LedgerSandbox.json(result.stdout)) == nil, "\(query): not JSON")
        }
    }

    @Test func aFlagOfAnotherModelIsRejected() throws {
        let sandbox = try seeded()
        let result = try sandbox.run(["query", "artists", "--uncategorized"])
        #expect(result.status != 0)
        expectOneErrorLine(result.stderr)
    }
}
