import Foundation
import LedgerCLITestSupport
import Testing

/// `ledger stats`.
@Suite struct StatsTests {
    @Test func statsCountEventsCommitsTypesAndStreams() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let stats = try sandbox.stats()
        #expect(
            stats.keySet == [
                "events", "commits", "eventsByType", "streamsByKind", "fileSize", "checkpoints", "formatVersion",
                "readModelsOfUnknownDomains",
            ])
        #expect(stats["readModelsOfUnknownDomains"] as? [String] == [])
        #expect(stats.int("formatVersion") == 3)
        #expect(stats.int("events") == 84)
        #expect(stats.int("commits") == 3)
        let byType = try #require(stats["eventsByType"] as? [String: Any])
        let expectedTypes = [
            "CategoryCreated": 6, "AnimalAdded": 38, "AnimalRecategorized": 1, "AnimalRenamed": 1,
            "AnimalDietChanged": 1, "FavoriteAdded": 7, "FavoriteRemoved": 1, "ArtistCreated": 6, "ArtistRenamed": 1,
            "SongAdded": 20, "SongRetitled": 1, "SongReassigned": 1,
        ]
        #expect(byType.filter { $0.value as? Int != 0 }.keySet == Set(expectedTypes.keys))
        for (type, count) in expectedTypes { #expect(byType.int(type) == count, "\(type)") }
        let byKind = try #require(stats["streamsByKind"] as? [String: Any])
        let expectedKinds = ["category": 6, "animal": 38, "favorite": 7, "artist": 6, "song": 20]
        #expect(byKind.filter { $0.value as? Int != 0 }.keySet == Set(expectedKinds.keys))
        for (kind, count) in expectedKinds { #expect(byKind.int(kind) == count, "\(kind)") }
        let attributes = try FileManager.default.attributesOfItem(atPath: sandbox.ledgerPath)
        let size = (attributes[.size] as? NSNumber)?.intValue
        #expect(stats.int("fileSize") == size)
        let checkpoints = try #require(stats["checkpoints"] as? [String: Any])
        #expect(checkpoints.count >= 3, "one checkpoint per read model: \(checkpoints)")
        for name in checkpoints.keys { #expect(checkpoints.int(name) == 84, "\(name)") }
    }

    @Test func statsOfAFreshLedgerAndAsATable() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#])
        try sandbox.ok(["append", "FavoriteRemoved", #"{"dishId":"har-gow"}"#])
        let stats = try sandbox.stats()
        #expect(stats.int("events") == 2)
        #expect(stats.int("commits") == 2)
        #expect((stats["streamsByKind"] as? [String: Any])?.int("favorite") == 1)
        let table = try sandbox.ok(["stats"])
        #expect(table.lines.count >= 3)
        #expect(table.stdout.contains("FavoriteRemoved"))
        #expect((try? LedgerSandbox.json(table.stdout)) == nil, "not JSON without --json")
    }
}
