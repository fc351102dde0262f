import Foundation
import LedgerCLITestSupport
import Testing

/// `ledger log` and `ledger history`, with their envelopes.
@Suite struct LogTests {
    static let envelopeKeys: Set<String> = [
        "position", "commit", "recordedAt", "id", "stream", "version", "type",
        "schemaVersion", "data", "metadata", "hash",
    ]

    func seeded() throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        return sandbox
    }

    @Test func theLogIsGaplessNDJSONEnvelopes() throws {
        let sandbox = try seeded()
        let log = try sandbox.log()
        #expect(log.count == Seeds.eventCount)
        for event in log { #expect(event.keySet == Self.envelopeKeys) }
        #expect(log.map { $0.int("position") } == Array(1...Seeds.eventCount))
        #expect(
            log.map { $0.int("commit") } == Array(repeating: 1, count: 47) + Array(repeating: 2, count: 8)
                + Array(repeating: 3, count: 29))
        #expect(Set(log.compactMap { $0.string("id") }).count == Seeds.eventCount)
        #expect(log.allSatisfy { $0.int("schemaVersion") == ($0.string("type") == "SongAdded" ? 2 : 1) })
        #expect(log.allSatisfy { ($0.string("hash") ?? "").count == 64 })
        #expect(Set(log.compactMap { $0.string("hash") }).count == Seeds.eventCount)
        let times = log.compactMap { $0.string("recordedAt") }
        #expect(times == times.sorted(), "recordedAt never goes back")
        var versions: [String: Int] = [:]
        for event in log {
            let stream = event.string("stream") ?? ""
            versions[stream, default: 0] += 1
            #expect(event.int("version") == versions[stream], "versions are gapless per stream: \(event)")
        }
        #expect(log.first?.string("id") == "d1b970f6-7006-4acb-9270-45676ca81909")
        #expect(log.first?.string("stream") == "category-amphibian")
        let data = try #require(log[55]["data"] as? [String: Any])
        #expect(data.string("artistId") == "pink-floyd" && data.string("name") == "Pink Floyd")
    }

    @Test func fromAndToSelectAPositionRange() throws {
        let sandbox = try seeded()
        #expect(try sandbox.log(["--from", "10", "--to", "20"]).map { $0.int("position") } == Array(10...20))
        #expect(try sandbox.log(["--from", "80"]).map { $0.int("position") } == Array(80...84))
        #expect(try sandbox.log(["--to", "3"]).map { $0.int("position") } == [1, 2, 3])
        #expect(try sandbox.log(["--from", "84", "--to", "84"]).map { $0.string("type") } == ["SongReassigned"])
        #expect(try sandbox.log(["--from", "85"]).isEmpty)
    }

    @Test func streamTypeAndLimitFilter() throws {
        let sandbox = try seeded()
        let song = try sandbox.log(["--stream", "song-bohemian-rhapsody"])
        #expect(song.map { $0.string("type") } == ["SongAdded", "SongRetitled"])
        #expect(song.map { $0.int("version") } == [1, 2])
        #expect(song.map { $0.int("position") } == [68, 83])
        let favorites = try sandbox.log(["--type", "FavoriteAdded"])
        #expect(favorites.count == 7)
        #expect(favorites.allSatisfy { $0.string("type") == "FavoriteAdded" })
        #expect(try sandbox.log(["--limit", "5"]).map { $0.int("position") } == [1, 2, 3, 4, 5])
        let combined = try sandbox.log(["--type", "SongAdded", "--from", "60", "--limit", "3"])
        #expect(combined.map { $0.int("position") } == [63, 64, 65])
        let bounded = try sandbox.log(["--stream", "song-bohemian-rhapsody", "--to", "82"])
        #expect(bounded.map { $0.int("position") } == [68])
        #expect(try sandbox.log(["--stream", "artist-nobody"]).isEmpty)
        #expect(try sandbox.log(["--type", "ArtistDeleted"]).isEmpty)
    }

    @Test func badNumberOptionsAreInvalidInput() throws {
        let sandbox = try seeded()
        expectFailure(try sandbox.run(["log", "--from", "x"]), exit: 4, mentions: ["--from"])
        expectFailure(try sandbox.run(["log", "--limit", "-2"]), exit: 4, mentions: ["--limit"])
    }

    @Test func theTableShowsOneRowPerEvent() throws {
        let sandbox = try seeded()
        let result = try sandbox.ok(["log", "--stream", "artist-sigur-ros"])
        #expect(result.lines.count == 3, "a header and two rows: \(result.stdout)")
        #expect(result.lines.dropFirst().first?.contains("ArtistCreated") == true)
        #expect(result.lines.last?.contains("ArtistRenamed") == true)
        #expect(result.stdout.contains("Sigur Rós"))
    }

    @Test func historyListsAStreamOldestFirst() throws {
        let sandbox = try seeded()
        let history = try sandbox.ndjson(["history", "animal-octopus"])
        for event in history { #expect(event.keySet == Self.envelopeKeys) }
        #expect(history.map { $0.string("type") } == ["AnimalAdded", "AnimalRecategorized", "AnimalRenamed"])
        #expect(history.map { $0.int("version") } == [1, 2, 3])
        #expect(history.allSatisfy { $0.string("stream") == "animal-octopus" })
        let favorite = try sandbox.ndjson(["history", "favorite-turnip-cake"])
        #expect(favorite.map { $0.string("type") } == ["FavoriteAdded", "FavoriteRemoved"])
        let table = try sandbox.ok(["history", "song-under-pressure"])
        #expect(table.lines.count == 3, "a header and two rows: \(table.stdout)")
        #expect(table.stdout.contains("SongReassigned"))
    }
}
