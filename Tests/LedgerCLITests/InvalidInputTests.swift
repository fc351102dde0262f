import Foundation
import LedgerCLITestSupport
import Testing

/// Exit code 4: malformed JSON, unknown event type, bad or unknown field, bad option value.
@Suite struct InvalidInputTests {
    static let payload = #"{"artistId":"abba","name":"ABBA"}"#

    static let invalidInputs: [CLICase] = [
        CLICase(
            label: "malformed JSON", command: ["append", "ArtistCreated", #"{"artistId":"abba","name":"#],
            mentions: ["JSON"]),
        CLICase(label: "unknown event type", command: ["append", "ArtistFormed", payload], mentions: ["ArtistFormed"]),
        CLICase(
            label: "unknown payload field",
            command: ["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA","genre":"pop"}"#],
            mentions: ["genre"]),
        CLICase(
            label: "bad id characters",
            command: ["append", "ArtistCreated", #"{"artistId":"ab ba/1","name":"ABBA"}"#], mentions: ["artistId"]),
        CLICase(
            label: "id longer than 128 characters",
            command: ["append", "FavoriteAdded", "{\"dishId\":\"\(String(repeating: "d", count: 129))\"}"],
            mentions: ["dishId"]),
        CLICase(
            label: "empty id", command: ["append", "SongAdded", #"{"songId":"","title":"Song"}"#],
            mentions: ["songId"]),
        CLICase(
            label: "name blank after trimming",
            command: ["append", "ArtistCreated", #"{"artistId":"abba","name":"   "}"#], mentions: ["name"]),
        CLICase(
            label: "name with a control character",
            command: ["append", "ArtistCreated", #"{"artistId":"abba","name":"AB\u0007BA"}"#], mentions: ["name"]),
        CLICase(
            label: "name longer than 200 characters",
            command: ["append", "ArtistCreated", "{\"artistId\":\"abba\",\"name\":\"\(String(repeating: "é", count: 201))\"}"],
            mentions: ["name"]),
        CLICase(
            label: "missing required field",
            command: ["append", "SongAdded", #"{"songId":"s1"}"#], mentions: ["title"]),
        CLICase(
            label: "field of the wrong type",
            command: ["append", "ArtistCreated", #"{"artistId":"abba","name":42}"#], mentions: ["name"]),
        CLICase(
            label: "bad diet",
            command: ["append", "AnimalAdded", #"{"animalId":"yeti","name":"Yeti","diet":"vegan"}"#],
            mentions: ["diet"]),
        CLICase(label: "payload not an object", command: ["append", "ArtistCreated", "[1,2]"], mentions: ["object"]),
        CLICase(
            label: "--expect abc", command: ["append", "ArtistCreated", payload, "--expect", "abc"],
            mentions: ["abc"]),
        CLICase(
            label: "--expect -1", command: ["append", "ArtistCreated", payload, "--expect", "-1"],
            mentions: ["expect"]),
        CLICase(
            label: "--id not-a-uuid", command: ["append", "ArtistCreated", payload, "--id", "not-a-uuid"],
            mentions: ["not-a-uuid"]),
    ]

    @Test(arguments: invalidInputs)
    func invalidInputExitsFour(_ example: CLICase) throws {
        let sandbox = try LedgerSandbox()
        let result = try example.run(in: sandbox)
        expectFailure(result, exit: 4, mentions: example.mentions)
        #expect(try sandbox.eventCount() == 0, "invalid input must append nothing")
    }

    @Test func invalidInputOnAnExistingLedgerChangesNothing() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", Self.payload])
        let result = try sandbox.run(["append", "ArtistRenamed", #"{"artistId":"abba","name":"Abba","typo":1}"#])
        expectFailure(result, exit: 4, mentions: ["typo"])
        #expect(try sandbox.log().map { $0.string("type") } == ["ArtistCreated"])
        #expect(try sandbox.array(["query", "artists"]).map { $0.string("name") } == ["ABBA"])
    }

    @Test func payloadIsReadFromStandardInputWhenAbsent() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated"], input: Self.payload)
        #expect(try sandbox.array(["query", "artists"]).map { $0.string("artistId") } == ["abba"])
        let malformed = try sandbox.run(["append", "ArtistRenamed"], input: "{not json")
        expectFailure(malformed, exit: 4, mentions: ["JSON"])
    }
}
