import EventLedger
import LedgerCLITestSupport
import LedgerTestSupport
import Testing

/// Four replicas of one primary follow a random schedule: each goes offline and online,
/// writes generated edits and edits made to conflict (a contested category name, renames
/// expecting a version), syncs, retries what was refused, discards what was pending. Once all
/// are online and synced, they hold the primary's log, nothing doubled; every commit
/// acknowledged as accepted is in it once, at the positions reported; every commit queued is
/// either in it or refused with a reason, unless discarded (then never in it); and each
/// replica's read models equal a rebuild of the log.
@Suite(TestPrimary.available) struct OfflineConvergenceTests {
    /// Steps of each schedule.
    static let steps = 400

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func replicasWritingOfflineConvergeOnThePrimarysLog(seed: UInt64) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let primary = try TestPrimary.freshDatabase()
        let fleet = try OfflineFleet(4, of: primary, in: directory, seed: seed)
        try fleet.createSharedArtist()
        for _ in 0..<Self.steps { try fleet.step() }
        try fleet.converge()

        let fresh = try FleetReplica.open(directory.file("fresh"), primary)
        try fresh.sync()
        let log = try Self.events(fresh)
        for (index, replica) in fleet.replicas.enumerated() {
            #expect(try Self.events(replica.ledger) == log, "\(fleet.context): replica \(index)'s log equals the primary's")
        }
        try Self.expectPromisesKept(fleet, log: log)
        try Self.expectReadModelsEqualARebuild(fleet, fresh: fresh)
        #expect(fleet.refusedBySync > 0, "\(fleet.context): the schedule made the primary refuse a pending commit")
        #expect(fleet.queued.count > 10, "\(fleet.context): the schedule queued commits")
        print(
            "OfflineConvergenceTests, \(fleet.context): \(log.count) events; \(fleet.accepted.count) commits acknowledged, "
                + "\(fleet.queued.count) queued, \(fleet.refusedBySync) refused by a sync, \(fleet.refusedWrites) writes refused, "
                + "\(fleet.lostSyncs) syncs lost, \(fleet.shownStatesChecked) states with pending commits checked")
    }

    /// No event twice in `log`; every commit acknowledged as accepted in it once, at the
    /// positions reported; no discarded event in it; every other commit queued in it once, or
    /// else among its replica's refused commits, refused for a rule, a conflict or invalid
    /// input; nothing left pending.
    static func expectPromisesKept(_ fleet: OfflineFleet, log: [RecordedEvent]) throws {
        let counts = Dictionary(log.map { ($0.id, 1) }, uniquingKeysWith: +)
        let doubled = counts.filter { $0.value > 1 }.keys
        #expect(doubled.isEmpty, "\(fleet.context): events in the log more than once: \(doubled)")
        let idAt = Dictionary(log.map { ($0.position, $0.id) }, uniquingKeysWith: { first, _ in first })
        for commit in fleet.accepted {
            #expect(commit.positions.map { idAt[$0] } == commit.ids, "\(fleet.context): an accepted commit is where it was reported")
        }
        let leaked = fleet.discarded.filter { id in id.map { counts[$0] != nil } ?? false }
        #expect(leaked.isEmpty, "\(fleet.context): discarded events reached the log: \(leaked)")
        let refused = try fleet.replicas.map { try $0.ledger.refusedCommits() }
        for commit in fleet.queued {
            let inLog = commit.ids.filter { id in id.map { counts[$0] == 1 } ?? false }.count
            let refusal = refused[commit.replica].first { $0.events.map(\.id) == commit.ids }
            let context = "\(fleet.context): commit \(commit.ids) queued on replica \(commit.replica)"
            if let refusal {
                #expect(inLog == 0, "\(context) is refused, yet in the log")
                #expect(OfflineFleet.refusalKinds.contains(refusal.reason.kind), "\(context) is refused with \(refusal.reason)")
            } else {
                #expect(inLog == commit.ids.count, "\(context) is neither in the log nor refused")
            }
        }
        for (index, replica) in fleet.replicas.enumerated() {
            #expect(try replica.ledger.pendingCommits().isEmpty, "\(fleet.context): replica \(index) has pending commits")
        }
    }

    /// Every replica's read models equal the fresh replica's, verify finds nothing wrong, and
    /// a rebuild leaves them as they were.
    static func expectReadModelsEqualARebuild(_ fleet: OfflineFleet, fresh: Ledger) throws {
        let expected = try FleetReplica.rows(fresh)
        for (index, replica) in fleet.replicas.enumerated() {
            let context = "\(fleet.context): replica \(index)"
            #expect(try FleetReplica.rows(replica.ledger) == expected, "\(context): its read models equal the primary's log's")
            let verification = try replica.ledger.verify()
            #expect(verification.isIntact, "\(context): \(verification.problems)")
            try replica.ledger.rebuild()
            #expect(try FleetReplica.rows(replica.ledger) == expected, "\(context): a rebuild changes no read model")
        }
    }

    /// Every event of `ledger`'s log.
    static func events(_ ledger: Ledger) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        try ledger.forEachEvent {
            events.append($0)
            return true
        }
        return events
    }
}
