import Foundation
import LedgerCLITestSupport
import Testing

/// Replicas that keep writing while their primary is unreachable (`--offline queue`): their
/// writes are queued as pending commits that reads show at once, the next sync sends them,
/// and the primary accepts or refuses each as it would an online write; refused ones stay
/// listed with their reason until retried or discarded, and every replica converges.
@Suite(TestPrimary.available) struct OfflineReplicaCommandTests {
    /// A primary nobody answers at: a closed port.
    static let unreachable = "postgresql://ledger@127.0.0.1:1/postgres"
    /// The options of a replica whose primary is unreachable and which queues its writes.
    static let offline = ["--primary", unreachable, "--offline", "queue"]

    static func category(_ id: String, _ name: String) -> [String] {
        ["append", "CategoryCreated", #"{"categoryId":"\#(id)","name":"\#(name)"}"#]
    }

    static func animal(_ id: String, in category: String) -> [String] {
        ["append", "AnimalAdded", #"{"animalId":"\#(id)","name":"\#(id)","diet":"omnivorous","categoryId":"\#(category)"}"#]
    }

    static func artist(_ id: String, _ name: String) -> [String] {
        ["append", "ArtistCreated", #"{"artistId":"\#(id)","name":"\#(name)"}"#]
    }

    static func rename(_ id: String, _ name: String) -> [String] {
        ["append", "ArtistRenamed", #"{"artistId":"\#(id)","name":"\#(name)"}"#]
    }

    /// The `sent …` line of a sync's output, which counts the pending commits it sent.
    static func sentLine(_ result: RunResult) -> String? {
        result.lines.first { $0.hasPrefix("sent ") }
    }

    @Test func twoReplicasThatCreatedTheSameCategoryOfflineEndWithOneAndTheRefusalListed() throws {
        let primary = try TestPrimary.freshDatabase()
        let a = try LedgerSandbox(), b = try LedgerSandbox(), fresh = try LedgerSandbox()
        try a.ok(Self.artist("band", "Band") + ["--primary", primary])
        try b.ok(["sync", "--primary", primary])

        // The primary stops: both replicas keep writing.
        #expect(try a.ok(Self.category("mammal-a", "Mammal") + Self.offline).stdout.hasPrefix("pending commit 1 queued at "))
        try a.ok(Self.animal("cat", in: "mammal-a") + Self.offline)
        try a.ok(Self.animal("dog", in: "mammal-a") + Self.offline)
        try b.ok(Self.category("mammal-b", "mammal") + Self.offline)
        try b.ok(Self.rename("band", "The Band") + Self.offline)

        let seen = try a.array(["query", "categories"])
        #expect(seen.map { $0.string("name") } == ["Mammal"] && seen.map { $0.int("animalCount") } == [2], "A sees its pending edits")
        #expect(try a.ok(["query", "category-animals", "mammal-a"]).stdout.contains("dog"))
        #expect(try a.array(["query", "categories", "--confirmed"]).isEmpty, "the primary's state has no category yet")
        expectFailure(try a.run(["query", "category-animals", "mammal-a", "--confirmed"]), exit: 1, mentions: ["mammal-a"])
        #expect(try a.array(["query", "categories", "--as-of", "1"]).isEmpty, "--as-of answers from confirmed positions")
        let queued = try a.ndjson(["pending"])
        #expect(queued.map { $0.int("pending") } == [1, 2, 3])
        #expect(queued.allSatisfy { $0["appliesLocally"] as? Bool == true })
        let created = try #require(queued.first?.objects("events")?.first)
        #expect(created.string("type") == "CategoryCreated" && created.string("stream") == "category-mammal-a")
        #expect(created.string("id") != nil)
        let listed = try a.ok(["pending"]).stdout
        #expect(listed.contains("pending commit 3 queued at ") && listed.contains("applies locally") && listed.contains("animal-dog"))

        // The primary is back: A syncs first, then B.
        #expect(Self.sentLine(try a.ok(["sync", "--primary", primary])) == "sent 3 pending commits: 3 accepted, 0 refused")
        let synced = try b.ok(["sync", "--primary", primary])
        #expect(Self.sentLine(synced) == "sent 2 pending commits: 1 accepted, 1 refused")
        #expect(synced.lines.contains { $0.hasPrefix("refused pending commit 1: ") && $0.contains("category name must be unique") })
        try a.ok(["sync", "--primary", primary])
        try fresh.ok(["sync", "--primary", primary])

        for replica in [a, b, fresh] {
            let categories = try replica.array(["query", "categories"])
            #expect(categories.map { $0.string("categoryId") } == ["mammal-a"], "exactly one Mammal")
            #expect(try replica.array(["query", "artists"]).map { $0.string("name") } == ["The Band"], "B's rename was accepted")
            #expect(try replica.ok(["verify"]).stdout.hasPrefix("ok: 5 events"))
            #expect(try replica.ndjson(["pending"]).isEmpty)
        }
        let exports = try [a, b, fresh].map { try $0.ok(["export"]).stdout }
        #expect(exports[0] == exports[1] && exports[1] == exports[2], "every replica holds the primary's log")

        let refused = try b.ndjson(["pending", "--refused"])
        #expect(refused.map { $0.int("refused") } == [1])
        #expect(refused.first?.int("exit") == 1)
        #expect(refused.first?.string("reason")?.contains("category name must be unique") == true)
        #expect(refused.first?.objects("events")?.map { $0.string("stream") } == ["category-mammal-b"])
        let shown = try b.ok(["pending", "--refused"]).stdout
        #expect(shown.hasPrefix("refused commit 1 queued at ") && shown.contains(", exit 1: ") && shown.contains("CategoryCreated"))
        #expect(try a.ok(["pending", "--refused"]).stdout == "no refused commits\n")
    }

    @Test func anOfflineCommitExpectingAVersionThePrimaryMovedPastIsRefusedAsAConflict() throws {
        let primary = try TestPrimary.freshDatabase()
        let a = try LedgerSandbox(), b = try LedgerSandbox()
        try a.ok(Self.artist("band", "Band") + ["--primary", primary])
        try a.ok(Self.category("bird", "Bird") + ["--primary", primary])
        try b.ok(["sync", "--primary", primary])

        try a.ok(Self.rename("band", "Band of A") + ["--expect", "1"] + Self.offline)
        try a.ok(["append", "CategoryRenamed", #"{"categoryId":"bird","name":"Aves"}"#] + Self.offline)
        // Meanwhile B, online, changes both.
        try b.ok(Self.rename("band", "Band of B") + ["--primary", primary])
        try b.ok(["append", "CategoryRenamed", #"{"categoryId":"bird","name":"Birds"}"#, "--primary", primary])

        let synced = try a.ok(["sync", "--primary", primary])
        #expect(Self.sentLine(synced) == "sent 2 pending commits: 1 accepted, 1 refused")
        let refused = try a.ndjson(["pending", "--refused"])
        #expect(refused.map { $0.int("refused") } == [1])
        #expect(refused.first?.int("exit") == 3, "a version the primary moved past is a conflict")
        #expect(refused.first?.objects("events")?.first?.int("expect") == 1)
        #expect(try a.array(["query", "artists"]).map { $0.string("name") } == ["Band of B"])
        #expect(try a.array(["query", "categories"]).map { $0.string("name") } == ["Aves"], "the unconditional rename was accepted")
        try b.ok(["sync", "--primary", primary])
        #expect(try a.ok(["export"]).stdout == (try b.ok(["export"]).stdout))
    }

    @Test func aDiscardedPendingCommitIsNeverSentAndARetriedRefusedOneIsAcceptedOnceItsRuleHolds() throws {
        let primary = try TestPrimary.freshDatabase()
        let a = try LedgerSandbox(), b = try LedgerSandbox()
        try a.ok(Self.artist("band", "Band") + ["--primary", primary])
        try b.ok(["sync", "--primary", primary])
        try a.ok(Self.category("mammal-a", "Mammal") + ["--primary", primary])

        // B, offline (through the environment), does not know A's Mammal yet.
        let offline = ["LEDGER_PRIMARY": Self.unreachable, "LEDGER_OFFLINE": "queue"]
        try b.ok(Self.category("mammal-b", "mammal"), environment: offline)
        try b.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#], environment: offline)
        #expect(try b.array(["query", "favorites"]).count == 1)
        #expect(try b.ok(["pending", "discard", "2"], environment: offline).stdout == "discarded pending commit 2 (1 event)\n")
        #expect(try b.array(["query", "favorites"]).isEmpty, "the discarded edit left the reads")
        #expect(try b.ndjson(["pending"]).map { $0.int("pending") } == [1])

        let synced = try b.ok(["sync", "--primary", primary])
        #expect(Self.sentLine(synced) == "sent 1 pending commit: 0 accepted, 1 refused")
        #expect(!(try b.ok(["export"]).stdout.contains("congee")), "the discarded commit was never sent")
        #expect(try TestPrimary.query(primary, "SELECT count(*) FROM ledger_events") == "2")

        // The rule holds again once A's Mammal is gone, but only after B knows it.
        expectFailure(try b.run(["pending", "retry", "1", "--primary", primary]), exit: 1, mentions: ["category name must be unique"])
        #expect(try b.ndjson(["pending", "--refused"]).map { $0.int("refused") } == [1], "a failed retry keeps it refused")
        try a.ok(["append", "CategoryDeleted", #"{"categoryId":"mammal-a"}"#, "--primary", primary])
        try b.ok(["sync", "--primary", primary])
        let retried = try b.ok(["pending", "retry", "1", "--primary", primary]).stdout
        let number = try #require(b.ndjson(["pending"]).first?.int("pending"))
        #expect(retried == "refused commit 1 queued again as pending commit \(number); `sync` sends it\n")
        #expect(try b.ndjson(["pending", "--refused"]).isEmpty)
        #expect(Self.sentLine(try b.ok(["sync", "--primary", primary])) == "sent 1 pending commit: 1 accepted, 0 refused")

        try a.ok(["sync", "--primary", primary])
        for replica in [a, b] {
            #expect(try replica.array(["query", "categories"]).map { $0.string("categoryId") } == ["mammal-b"])
            #expect(try replica.ndjson(["pending"]).isEmpty && (try replica.ndjson(["pending", "--refused"]).isEmpty))
        }
        #expect(try a.ok(["export"]).stdout == (try b.ok(["export"]).stdout))
    }

    @Test func withoutTheOptionAWriteWhileThePrimaryIsUnreachableExits5AndQueuesNothing() throws {
        let primary = try TestPrimary.freshDatabase()
        let replica = try LedgerSandbox()
        try replica.ok(Self.artist("band", "Band") + ["--primary", primary])
        let exported = try replica.ok(["export"]).stdout

        for choice in [[], ["--offline", "fail"]] {
            expectFailure(
                try replica.run(Self.rename("band", "Renamed") + ["--primary", Self.unreachable] + choice), exit: 5,
                mentions: ["primary unreachable"])
        }
        #expect(try replica.ok(["pending"]).stdout == "no pending commits\n")
        #expect(try replica.ndjson(["pending"]).isEmpty && (try replica.ndjson(["pending", "--refused"]).isEmpty))
        #expect(try replica.array(["query", "artists"]).map { $0.string("name") } == ["Band"])
        #expect(try replica.ok(["export"]).stdout == exported)
    }
}
