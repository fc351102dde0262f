import Foundation
import LedgerCLITestSupport
import Testing

/// Single appends: idempotent ids, assigned ids, metadata.
@Suite struct AppendTests {
    @Test func reappendingAnIdAppendsNothingAndReportsTheOriginalPosition() throws {
        let sandbox = try LedgerSandbox()
        let id = "0b9e4a52-3c1f-4d7e-a8b6-2f5c9d1e7a30"
        let first = try sandbox.object(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#, "--id", id])
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#])
        let second = try sandbox.object(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#, "--id", id])
        #expect(first.ints("positions") == [1])
        #expect(second.ints("positions") == [1], "the retry reports the original position")
        #expect(second.int("commit") == first.int("commit"))
        let log = try sandbox.log()
        #expect(log.count == 2)
        #expect(log.filter { $0.string("id") == id }.count == 1)
    }

    @Test func aRetryWithTheSameIdIsNotCheckedAgainAndChangesNothing() throws {
        let sandbox = try LedgerSandbox()
        let id = "7d2f4e61-9a8b-4c3d-b2e1-0f9e8d7c6b5a"
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#, "--id", id])
        let retry = try sandbox.run(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#, "--id", id])
        #expect(retry.status == 0, "a retry of a favourite already added succeeds: \(retry.stderr)")
        #expect(retry.stdout.contains("1"))
        #expect(try sandbox.eventCount() == 1)
        #expect(try sandbox.array(["query", "favorites"]).count == 1)
    }

    @Test func loadingASeedFileTwiceAppendsNothingTheSecondTime() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let before = try sandbox.stats()
        #expect(before.int("events") == Seeds.eventCount)
        let again = try sandbox.object(["append", "--batch", Seeds.path("music.ndjson")])
        #expect(again.ints("positions") == Array(56...84), "a re-sent batch reports the original positions")
        try sandbox.ok(["append", "--batch", Seeds.path("animals.ndjson")])
        let after = try sandbox.stats()
        #expect(after.int("events") == Seeds.eventCount)
        #expect(after.int("commits") == before.int("commits"))
        #expect(try sandbox.array(["query", "artists"]).count == 6)
    }

    @Test func anOmittedEntityIdIsAssignedAndReported() throws {
        let sandbox = try LedgerSandbox()
        let appended = try sandbox.object(["append", "ArtistCreated", #"{"name":"X"}"#])
        #expect(appended.keySet == ["commit", "positions", "recordedAt", "assigned"])
        let assigned = try #require(appended["assigned"] as? [String: Any])
        #expect(assigned.keySet == ["artistId"])
        let artistId = try #require(assigned.string("artistId"))
        #expect(UUID(uuidString: artistId) != nil, "assigned ids are UUIDs: \(artistId)")
        let artist = try sandbox.object(["query", "artist-songs", artistId])
        #expect(artist.string("artistId") == artistId)
        #expect(artist.string("name") == "X")
        #expect(try sandbox.log(["--stream", "artist-\(artistId)"]).count == 1)
    }

    @Test func theTextOutputReportsCommitPositionAndAssignedId() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#])
        let result = try sandbox.ok(["append", "SongAdded", #"{"title":"Untitled"}"#])
        let songs = try sandbox.array(["query", "songs"])
        let songId = try #require(songs.first?.string("songId"))
        #expect(result.stdout.contains(songId), "the assigned songId is printed: \(result.stdout)")
        #expect(result.stdout.contains("2"), "the position is printed: \(result.stdout)")
    }

    @Test func theJSONOutputHasCommitPositionsAndRecordedAt() throws {
        let sandbox = try LedgerSandbox()
        let first = try sandbox.object(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#])
        let second = try sandbox.object(["append", "FavoriteAdded", #"{"dishId":"siu-mai"}"#])
        #expect(first.int("commit") == 1 && second.int("commit") == 2)
        #expect(first.ints("positions") == [1] && second.ints("positions") == [2])
        let firstTime = try #require(first.string("recordedAt"))
        let secondTime = try #require(second.string("recordedAt"))
        let format = #/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/#
        #expect(firstTime.wholeMatch(of: format) != nil, "recordedAt is UTC with microseconds: \(firstTime)")
        #expect(secondTime >= firstTime, "recordedAt never goes back")
        #expect(try sandbox.log().map { $0.string("recordedAt") } == [firstTime, secondTime])
    }

    @Test func metadataIsStoredWithTheEvent() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#, "--meta", "user=kim", "--meta", "device=phone"])
        let event = try #require(try sandbox.log().first)
        let metadata = try #require(event["metadata"] as? [String: Any])
        #expect(metadata.string("user") == "kim")
        #expect(metadata.string("device") == "phone")
    }

    @Test func namesAreTrimmedAndMayHoldAnyUnicode() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"sigur-ros","name":"  Sigur Rós 🎶 "}"#])
        let artists = try sandbox.array(["query", "artists"])
        #expect(artists.map { $0.string("name") } == ["Sigur Rós 🎶"])
    }
}
