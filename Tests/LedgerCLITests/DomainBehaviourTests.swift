import Foundation
import LedgerCLITestSupport
import Testing

/// The domains' rules as seen through the CLI: cascades, nullification, deleted ids.
@Suite struct DomainBehaviourTests {
    static let mammals = [
        "african-elephant", "blue-whale", "brown-bear", "chimpanzee", "giant-panda", "gray-wolf",
        "koala", "lion", "red-fox",
    ]

    @Test func deletingACategoryDeletesItsAnimals() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "--batch", Seeds.path("animals.ndjson")])
        let deleted = try sandbox.object(["append", "CategoryDeleted", #"{"categoryId":"mammal"}"#])
        #expect(deleted.ints("positions") == [48], "one event records the cascade")

        let animals = try sandbox.array(["query", "animals"])
        #expect(animals.count == 38 - 9)
        #expect(animals.allSatisfy { !Self.mammals.contains($0.string("animalId") ?? "") })
        #expect(!animals.contains { $0.string("categoryId") == "mammal" })
        let uncategorized = try sandbox.array(["query", "animals", "--uncategorized"])
        #expect(uncategorized.map { $0.string("animalId") } == ["platypus"], "cascaded animals are gone, not orphaned")
        let categories = try sandbox.array(["query", "categories"])
        #expect(categories.map { $0.string("categoryId") } == ["amphibian", "bird", "fish", "invertebrate", "reptile"])
        expectFailure(try sandbox.run(["query", "category-animals", "mammal"]), exit: 1, mentions: ["mammal"])

        let history = try sandbox.ndjson(["history", "animal-lion"])
        #expect(history.map { $0.string("type") } == ["AnimalAdded", "CategoryDeleted"])
        #expect(history.last?.string("stream") == "category-mammal")
        #expect(history.last?.int("position") == 48)
        let redFox = try sandbox.ndjson(["history", "animal-red-fox"])
        #expect(redFox.map { $0.string("type") } == ["AnimalAdded", "AnimalDietChanged", "CategoryDeleted"])
        let table = try sandbox.ok(["history", "animal-lion"])
        #expect(table.stdout.contains("CategoryDeleted"))
        #expect(try sandbox.eventCount() == 48, "the cascade adds no events of its own")
    }

    @Test func cascadedAnimalsCannotBeChangedOrRecreated() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "--batch", Seeds.path("animals.ndjson")])
        try sandbox.ok(["append", "CategoryDeleted", #"{"categoryId":"mammal"}"#])
        expectFailure(
            try sandbox.run(["append", "AnimalRenamed", #"{"animalId":"lion","name":"Leo"}"#]),
            exit: 1, mentions: ["lion"])
        expectFailure(
            try sandbox.run(["append", "AnimalAdded", #"{"animalId":"lion","name":"Lion","diet":"carnivorous"}"#]),
            exit: 1, mentions: ["lion"])
        expectFailure(
            try sandbox.run(["append", "CategoryCreated", #"{"categoryId":"mammal","name":"Mammal"}"#]),
            exit: 1, mentions: ["mammal"])
        try sandbox.ok(["append", "CategoryCreated", #"{"categoryId":"mammals","name":"Mammal"}"#])
        let categories = try sandbox.array(["query", "categories"])
        #expect(
            categories.first { $0.string("categoryId") == "mammals" }?.int("animalCount") == 0,
            "the name of a deleted category is free again")
    }

    @Test func anAnimalMovedOutBeforeTheDeleteSurvives() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "--batch", Seeds.path("animals.ndjson")])
        try sandbox.ok(["append", "AnimalRecategorized", #"{"animalId":"koala"}"#])
        try sandbox.ok(["append", "CategoryDeleted", #"{"categoryId":"mammal"}"#])
        let uncategorized = try sandbox.array(["query", "animals", "--uncategorized"])
        #expect(uncategorized.map { $0.string("animalId") } == ["koala", "platypus"])
        let history = try sandbox.ndjson(["history", "animal-koala"])
        #expect(history.map { $0.string("type") } == ["AnimalAdded", "AnimalRecategorized"])
    }

    @Test func deletingAnArtistKeepsItsSongsWithoutArtist() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "--batch", Seeds.path("music.ndjson")])
        try sandbox.ok(["append", "ArtistDeleted", #"{"artistId":"pink-floyd"}"#])

        let orphans = try sandbox.array(["query", "songs", "--orphans"])
        #expect(orphans.map { $0.string("songId") } == ["breathe", "comfortably-numb", "greensleeves", "hey-you", "money", "wish-you-were-here"])
        #expect(orphans.allSatisfy { $0.isNull("artistId") })
        let songs = try sandbox.array(["query", "songs"])
        #expect(songs.count == 20)
        #expect(songs.first { $0.string("songId") == "hey-you" }?.isNull("artistId") == true)
        let artists = try sandbox.array(["query", "artists"])
        #expect(!artists.contains { $0.string("artistId") == "pink-floyd" })
        #expect(artists.count == 5)
        expectFailure(try sandbox.run(["query", "artist-songs", "pink-floyd"]), exit: 1, mentions: ["pink-floyd"])
        expectFailure(
            try sandbox.run(["append", "ArtistCreated", #"{"artistId":"pink-floyd","name":"Pink Floyd"}"#]),
            exit: 1, mentions: ["pink-floyd"])
        expectFailure(
            try sandbox.run(["append", "SongAdded", #"{"songId":"echoes","title":"Echoes","artistId":"pink-floyd"}"#]),
            exit: 1, mentions: ["pink-floyd"])
    }

    @Test func reassigningASongMovesItBetweenArtists() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "--batch", Seeds.path("music.ndjson")])
        try sandbox.ok(["append", "SongReassigned", #"{"songId":"money","artistId":"queen"}"#])
        try sandbox.ok(["append", "SongReassigned", #"{"songId":"yesterday","artistId":null}"#])
        try sandbox.ok(["append", "SongDeleted", #"{"songId":"breathe"}"#])
        let artists = try sandbox.array(["query", "artists"])
        let counts = Dictionary(uniqueKeysWithValues: artists.map { ($0.string("artistId") ?? "", $0.int("songCount") ?? -1) })
        #expect(counts["pink-floyd"] == 3)
        #expect(counts["queen"] == 4)
        #expect(counts["the-beatles"] == 2)
        let orphans = try sandbox.array(["query", "songs", "--orphans"])
        #expect(orphans.map { $0.string("songId") } == ["greensleeves", "yesterday"])
        expectFailure(
            try sandbox.run(["append", "SongRetitled", #"{"songId":"breathe","title":"Breathe In"}"#]),
            exit: 1, mentions: ["breathe"])
    }
}
