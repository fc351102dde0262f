import Foundation
import LedgerCLITestSupport
import LedgerWorkload
import Testing

/// An offline replica's `ledger sync` killed with SIGKILL again and again, after random
/// delays: before it reaches the primary, while it sends its pending commits, between the
/// primary's commit of one and the replica's own. Each pending commit is one write through
/// the primary that leaves the queue in the local commit recording it; one the kill cut
/// between the two is sent again and found in the primary's log. After a full sync the log
/// holds every queued commit exactly once.
@Suite(TestPrimary.available) struct KilledSyncTests {
    /// A port nothing listens on: the primary, unreachable.
    static let unreachable = "postgresql://ledger@127.0.0.1:1/postgres"
    /// The commits queued while offline, each of one to three events.
    static let queuedCommits = 300
    /// The killed syncs.
    static let kills = 12

    @Test(.timeLimit(.minutes(5)))
    func aSyncKilledAtRandomMomentsLosesAndDoublesNoPendingCommit() throws {
        let primary = try TestPrimary.freshDatabase()
        let sandbox = try LedgerSandbox(), fresh = try LedgerSandbox()
        try sandbox.ok(["sync", "--primary", primary])
        let queued = try Self.queue(Self.queuedCommits, in: sandbox)
        let queuedIDs = Set(queued.joined())
        try #require(try Self.pendingIDs(sandbox) == queuedIDs, "every commit written offline is pending")

        let seed = UInt64(DispatchTime.now().uptimeNanoseconds)
        var random = SplitMix64(seed: seed)
        var runs: [KilledSync] = []
        // The delays start short, before the process can reach the primary, and double while
        // a run sends nothing, so that most kills land while it sends.
        var window = 20
        for round in 0..<Self.kills {
            let before = try Self.primaryIDs(primary)
            let delay = Int.random(in: 1...window, using: &random)
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
            if run.sent == 0 { window *= 2 }
            if !run.killed { break }
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
        #expect(
            runs.contains { $0.killed && $0.sent > 0 }, "seed \(seed): a sync was killed while it sent: \(runs)")
        print(
            """
            KilledSyncTests: \(queued.count) pending commits, \(runs.count) syncs killed (seed \(seed)):
            \(runs.map { "  \($0)" }.joined(separator: "\n"))
            """)
    }

    /// Queues `count` commits of generated events on the replica of `sandbox`, offline, and
    /// returns the ids of each commit's events.
    static func queue(_ count: Int, in sandbox: LedgerSandbox) throws -> [[String]] {
        var events = GeneratedBatches.Private(seed: 17, prefix: "k-", label: "Killed")
        return try (0..<count).map { index in
            let commit = (0...(index % 3)).map { _ in events.next() }
            try sandbox.ok(
                ["append", "--batch", "-", "--primary", unreachable, "--offline", "queue"],
                input: commit.map(GeneratedBatches.line).joined(separator: "\n"))
            return commit.compactMap { $0.id?.description }
        }
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
