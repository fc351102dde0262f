import Animals
import EventLedger
import EventLedgerPostgreSQL
import Favorites
import Foundation
import LedgerCLITestSupport
import LedgerWorkload
import Music
import Testing

/// An offline replica's `ledger sync` killed with SIGKILL again and again, after random
/// delays: before it reaches the primary, while it sends its pending commits, between the
/// primary's commit of a write and the replica's own. A pending commit leaves the queue in
/// the local commit recording it; one the kill cut off after the primary's commit is sent
/// again and found in the primary's log. Another replica takes the names of some categories
/// the pending commits create meanwhile, so that the primary refuses those: a write it
/// refuses one of is made again without it. After a full sync the log holds every queued
/// commit exactly once, but the refused ones, kept with their reason.
@Suite(TestPrimary.available) struct KilledSyncTests {
    /// A port nothing listens on: the primary, unreachable.
    static let unreachable = "postgresql://ledger@127.0.0.1:1/postgres"
    /// The commits pending before each sync, each of one to three events: more than one
    /// write through the primary sends them (a write sends at most 256).
    static let pendingCommits = 300
    /// The killed syncs.
    static let kills = 8

    @Test(.timeLimit(.minutes(5)))
    func aSyncKilledAtRandomMomentsLosesAndDoublesNoPendingCommit() throws {
        let primary = try TestPrimary.freshDatabase()
        let sandbox = try LedgerSandbox(), fresh = try LedgerSandbox()
        try sandbox.ok(["sync", "--primary", primary])
        var events = GeneratedBatches.Private(seed: 17, prefix: "k-", label: "Killed")
        var queued = try Self.queue(upTo: Self.pendingCommits, of: &events, on: sandbox.ledgerPath)
        var queuedIDs = queued.ids
        try #require(try Self.pendingIDs(sandbox) == queuedIDs, "every commit written offline is pending")
        let other = try Self.replica(sandbox.path("other.lmdb"), primary)
        var othersIDs = Set<String>()

        // An uninterrupted sync, timed. Each killed one starts with as many pending commits, and
        // is killed once in each of equal slices of twice that time (a sync after a kill has the
        // primary's commits of its own to catch up with first, and the machine is busy), in
        // random order: before it reaches the primary, while it sends, after it sent all.
        let clock = ContinuousClock()
        let reference = try clock.measure { try sandbox.ok(["sync", "--primary", primary]) }
        let span = Int(reference / .milliseconds(1) * 2) + Self.kills

        let seed = UInt64(DispatchTime.now().uptimeNanoseconds)
        var random = SplitMix64(seed: seed)
        let delays = (0..<Self.kills).map { slice in
            Int.random(in: (span * slice / Self.kills + 1)...(span * (slice + 1) / Self.kills), using: &random)
        }.shuffled(using: &random)
        var runs: [KilledSync] = []
        for (round, delay) in delays.enumerated() {
            queued = try Self.queue(upTo: Self.pendingCommits, of: &events, on: sandbox.ledgerPath)
            queuedIDs.formUnion(queued.ids)
            // The other replica takes every other new category name first (unless the name is
            // taken already).
            for (index, name) in queued.categoryNames.enumerated() where index.isMultiple(of: 2) {
                let id = try #require(EventID(UUID().uuidString.lowercased()))
                guard (try? other.append(CategoryCreated(categoryId: "other-\(round)-\(index)", name: name), id: id)) != nil else { continue }
                othersIDs.insert(id.description)
            }
            let before = try Self.primaryIDs(primary)
            let (termination, stderr) = try KilledSync.run(in: sandbox, primary: primary, after: delay)
            let inPrimary = try Self.primaryIDs(primary), pending = try Self.pendingIDs(sandbox)
            let refused = try Self.refusedIDs(sandbox.ledgerPath)
            let run = KilledSync(
                delay: delay, termination: termination, stderr: stderr, sent: inPrimary.count - before.count,
                committedButPending: pending.intersection(inPrimary).count)
            runs.append(run)
            let context = "round \(round) (seed \(seed)): \(run)"
            #expect(run.killed || termination == .exited(0), "\(context): \(stderr)")
            #expect(inPrimary.isSubset(of: queuedIDs.union(othersIDs)), "\(context): the primary holds only written events")
            #expect(refused.isDisjoint(with: inPrimary), "\(context): a refused event is not in the primary")
            #expect(
                queuedIDs.subtracting(inPrimary).isSubset(of: pending.union(refused)),
                "\(context): an event neither sent, pending nor refused was lost")
            let verify = try sandbox.run(["verify"])
            #expect(verify.status == 0, "\(context): verify printed \(verify.stdout) \(verify.stderr)")
        }

        try sandbox.ok(["sync", "--primary", primary])
        let refused = try Self.refusedIDs(sandbox.ledgerPath)
        #expect(!refused.isEmpty, "seed \(seed): the primary refused the commits whose category name was taken")
        let accepted = queuedIDs.subtracting(refused).union(othersIDs)
        let exported = try sandbox.ok(["export"]).stdout
        let ids = try exported.split(separator: "\n").map { line in
            try #require((try LedgerSandbox.json(String(line)) as? [String: Any])?["id"] as? String)
        }
        #expect(ids.count == accepted.count, "seed \(seed): the log holds \(ids.count) events for \(accepted.count) accepted")
        #expect(Set(ids) == accepted, "seed \(seed): the log holds every accepted event, and only those")
        #expect(try Self.pendingIDs(sandbox).isEmpty, "seed \(seed): nothing is left pending")
        try fresh.ok(["sync", "--primary", primary])
        #expect(try fresh.ok(["export"]).stdout == exported, "seed \(seed): the export equals a fresh replica's")
        #expect(try sandbox.run(["verify"]).status == 0, "seed \(seed): the replica verifies")
        print(
            """
            KilledSyncTests: an uninterrupted sync of \(Self.pendingCommits) pending commits took \(reference); \
            \(runs.count) syncs killed (seed \(seed)), \(refused.count) events refused in all:
            \(runs.map { "  \($0)" }.joined(separator: "\n"))
            """)
    }

    /// The replica at `path` of the primary at `url`, queueing its writes while that primary
    /// cannot be reached.
    static func replica(_ path: String, _ url: String) throws -> Ledger {
        try Ledger(
            path: path, domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()],
            options: Ledger.Options(primary: PostgreSQLPrimary(url), whenUnreachable: .queue))
    }

    /// Queues commits of `events` on the replica at `path`, offline, until `count` were tried,
    /// and returns the ids of their events and the names of the categories they create.
    static func queue(
        upTo count: Int, of events: inout GeneratedBatches.Private, on path: String
    ) throws -> (ids: Set<String>, categoryNames: [String]) {
        let replica = try replica(path, unreachable)
        var ids = Set<String>()
        var categoryNames: [String] = []
        for index in try replica.pendingCommits().count..<count {
            let commit = (0...(index % 3)).map { _ in events.next() }
            // Once the primary refused a commit, a later one may rely on what it did: refused
            // at once, it is not queued.
            guard let result = try? replica.append(commit) else { continue }
            #expect(result.pendingCommit != nil, "a write while the primary is unreachable is queued")
            ids.formUnion(commit.compactMap { $0.id?.description })
            categoryNames += commit.filter { $0.type == "CategoryCreated" }.compactMap { $0.payload["name"]?.stringValue }
        }
        return (ids, categoryNames)
    }

    /// The ids of the events of the commits the primary refused to the replica at `path`, each
    /// refused for a rule.
    static func refusedIDs(_ path: String) throws -> Set<String> {
        let refused = try replica(path, unreachable).refusedCommits()
        for commit in refused {
            #expect(commit.reason.kind == .ruleViolation, "refused pending commit \(commit.id): \(commit.reason)")
        }
        return Set(refused.flatMap(\.events).compactMap { $0.id?.description })
    }

    /// The ids of the events the replica of `sandbox` holds as pending.
    static func pendingIDs(_ sandbox: LedgerSandbox) throws -> Set<String> {
        let lines = try sandbox.ok(["log", "--json"]).lines
        return Set(
            try lines.compactMap { line in
                let event = try #require(try LedgerSandbox.json(line) as? [String: Any])
                return event["pending"] == nil ? nil : event["id"] as? String
            })
    }

    /// The ids of the events the primary at `url` holds.
    static func primaryIDs(_ url: String) throws -> Set<String> {
        let text = try TestPrimary.query(url, "SELECT id FROM ledger_events")
        return Set(text.split(separator: "\n").map(String.init))
    }
}
