import Foundation
import LedgerCLITestSupport
import Testing

/// Exit codes 0, 1 and 3, and that a failed command writes nothing.
@Suite struct ExitCodeTests {
    @Test func successExitsZeroAndReportsTheCommit() throws {
        let sandbox = try LedgerSandbox()
        let append = try sandbox.run(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#])
        #expect(append.status == 0)
        #expect(append.stderr.isEmpty)
        #expect(!append.stdout.isEmpty, "append reports its commit and position")
        let query = try sandbox.run(["query", "artists", "--json"])
        #expect(query.status == 0)
        #expect(query.stderr.isEmpty)
        let artists = try #require(try LedgerSandbox.json(query.stdout) as? [[String: Any]])
        #expect(artists.map { $0.string("artistId") } == ["abba"])
    }

    static let ruleViolations: [CLICase] = [
        CLICase(
            label: "SongAdded with an unknown artistId",
            command: ["append", "SongAdded", #"{"songId":"s1","title":"Song","artistId":"ghost-artist"}"#],
            mentions: ["ghost-artist"]),
        CLICase(
            label: "category name taken, compared case-insensitively",
            setup: [["append", "CategoryCreated", #"{"categoryId":"mammal","name":"Mammal"}"#]],
            command: ["append", "CategoryCreated", #"{"categoryId":"beasts","name":"mammal"}"#],
            mentions: ["beasts|mammal"]),
        CLICase(
            label: "category renamed to a taken name, trimmed and case-insensitive",
            setup: [
                ["append", "CategoryCreated", #"{"categoryId":"mammal","name":"Mammal"}"#],
                ["append", "CategoryCreated", #"{"categoryId":"bird","name":"Bird"}"#],
            ],
            command: ["append", "CategoryRenamed", #"{"categoryId":"bird","name":"  MAMMAL "}"#],
            mentions: ["bird|mammal"]),
        CLICase(
            label: "FavoriteRemoved for a dish that is not a favourite",
            command: ["append", "FavoriteRemoved", #"{"dishId":"dim-sum"}"#],
            mentions: ["dim-sum"]),
        CLICase(
            label: "FavoriteAdded for a current favourite",
            setup: [["append", "FavoriteAdded", #"{"dishId":"dim-sum"}"#]],
            command: ["append", "FavoriteAdded", #"{"dishId":"dim-sum"}"#],
            mentions: ["dim-sum"]),
        CLICase(
            label: "ArtistCreated with an id already used",
            setup: [["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#]],
            command: ["append", "ArtistCreated", #"{"artistId":"abba","name":"Björn"}"#],
            mentions: ["abba"]),
        CLICase(
            label: "ArtistRenamed for an artist that does not exist",
            command: ["append", "ArtistRenamed", #"{"artistId":"nobody","name":"Someone"}"#],
            mentions: ["nobody"]),
        CLICase(
            label: "AnimalAdded with an unknown categoryId",
            command: [
                "append", "AnimalAdded",
                #"{"animalId":"yeti","name":"Yeti","diet":"omnivorous","categoryId":"ghost-category"}"#,
            ],
            mentions: ["ghost-category"]),
        CLICase(
            label: "query for an artist that does not exist",
            setup: [["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#]],
            command: ["query", "artist-songs", "nobody"],
            mentions: ["nobody"]),
        CLICase(
            label: "query for a category that does not exist",
            setup: [["append", "CategoryCreated", #"{"categoryId":"bird","name":"Bird"}"#]],
            command: ["query", "category-animals", "nowhere", "--json"],
            mentions: ["nowhere"]),
    ]

    @Test(arguments: ruleViolations)
    func ruleViolationExitsOne(_ example: CLICase) throws {
        let sandbox = try LedgerSandbox()
        let result = try example.run(in: sandbox)
        let before = example.setup.filter { $0.first == "append" }.count
        expectFailure(result, exit: 1, mentions: example.mentions)
        #expect(try sandbox.eventCount() == before, "a rejected command must append nothing")
    }

    @Test func expectedVersionMismatchExitsThree() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#])
        let stale = try sandbox.run(["append", "ArtistRenamed", #"{"artistId":"abba","name":"Abba"}"#, "--expect", "2"])
        expectFailure(stale, exit: 3, mentions: ["artist-abba"])
        let none = try sandbox.run(["append", "ArtistRenamed", #"{"artistId":"abba","name":"Abba"}"#, "--expect", "none"])
        expectFailure(none, exit: 3, mentions: ["artist-abba"])
        let created = try sandbox.run(["append", "ArtistCreated", #"{"artistId":"abba","name":"Abba"}"#, "--expect", "0"])
        expectFailure(created, exit: 3, mentions: ["artist-abba"])
        #expect(try sandbox.eventCount() == 1)
        let artists = try sandbox.array(["query", "artists"])
        #expect(artists.map { $0.string("name") } == ["ABBA"])
    }

    @Test func matchingExpectedVersionsSucceed() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#, "--expect", "none"])
        try sandbox.ok(["append", "ArtistRenamed", #"{"artistId":"abba","name":"Abba"}"#, "--expect", "1"])
        try sandbox.ok(["append", "ArtistRenamed", #"{"artistId":"abba","name":"ABBA!"}"#, "--expect", "any"])
        try sandbox.ok(["append", "ArtistRenamed", #"{"artistId":"abba","name":"ABBA"}"#, "--expect=3"])
        let versions = try sandbox.log(["--stream", "artist-abba"]).map { $0.int("version") }
        #expect(versions == [1, 2, 3, 4])
    }
}
