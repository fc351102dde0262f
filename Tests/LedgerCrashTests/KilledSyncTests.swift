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
/// again and found in the primary's log. After a full sync the log holds every queued
/// commit exactly once.
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
        var queuedIDs = try Self.queue(upTo: Self.pendingCommits, of: &events, on: sandbox.ledgerPath)
        try #require(try Self.pendingIDs(sandbox) == queuedIDs, "every commit written offline is pending")

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
            queuedIDs.formUnion(try Self.queue(upTo: Self.pendingCommits, of: &events, on: sandbox.ledgerPath))
            let before = try Self.primaryIDs(primary)
            let (termination, stderr) = try KilledSync.run(in: sandbox, primary: primary, after: delay)
            let inPrimary = try Self.primaryIDs(primary), pending = try Self.pendingIDs(sandbox)
            let run = KilledSync(
                delay: delay, termination: termination, stderr: stderr, sent: inPrimary.count - before.count,
                committedButPending: pending.intersection(inPrimary).count)
            runs.append(run)
            let context = "round \(round) (seed \(seed)): \(run)"
            #expect(run.killed || termination == .exited(0), "\(context): \(stderr)")
            #expect(inPrimary.isSubset(of: queuedIDs), "\(context): the primary holds only queued events")
            #expect(queuedIDs.subtracting(inPrimary).isSubset(of: pending), "\(context): an event neither sent nor pending was lost")
            let verify = try sandbox.run(["verify"])
            #expect(verify.status == 0, "\(context): verify printed \(verify.stdout) \(verify.stderr)")
        }

        let final = try sandbox.ok(["sync", "--primary", primary])
        #expect(!final.stdout.contains("refused pending commit"), "seed \(seed): nothing is refused: \(final.stdout)")
        let exported = try sandbox.ok(["export"]).stdout
        let ids = try exported.split(separator: "\n").map { line in
            try #require((try LedgerSandbox.json(String(line)) as? [String: Any])?["id"] as? String)
        }
        #expect(ids.count == queuedIDs.count, "seed \(seed): the log holds \(ids.count) events for \(queuedIDs.count) queued")
        #expect(Set(ids) == queuedIDs, "seed \(seed): the log holds every queued event, and only those")
        #expect(try Self.pendingIDs(sandbox).isEmpty, "seed \(seed): nothing is left pending")
        try fresh.ok(["sync", "--primary", primary])
        #expect(try fresh.ok(["export"]).stdout == exported, "seed \(seed): the export equals a fresh replica's")
        #expect(try sandbox.run(["verify"]).status == 0, "seed \(seed): the replica verifies")
        print(
            """
            KilledSyncTests: an uninterrupted sync of \(Self.pendingCommits) pending commits took \(reference); \
            \(runs.count) syncs killed (seed \(seed)):
            \(runs.map { "  \($0)" }.joined(separator: "\n"))
            """)
    }

    /// Queues commits of `events` on the replica at `path`, offline, until `count` are pending,
    /// and returns the ids of their events.
    static func queue(upTo count: Int, of events: inout GeneratedBatches.Private, on path: String) throws -> Set<String> {
        let replica = try Ledger(
            path: path, domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()],
            options: Ledger.Options(primary: PostgreSQLPrimary(unreachable), whenUnreachable: .queue))
        var ids = Set<String>()
        for index in try replica.pendingCommits().count..<count {
            let commit = (0...(index % 3)).map { _ in events.next() }
            let result = try replica.append(commit)
            #expect(result.pendingCommit != nil, "a write while the primary is unreachable is queued")
            ids.formUnion(commit.compactMap { $0.id?.description })
        }
        return ids
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
