import EventLedger
import LedgerTestSupport
import LedgerWorkload
import Testing

/// Replicas of one primary that go offline and online, write and sync, checking each step
/// as it goes, and keeping what the ledger promised: every commit acknowledged as accepted
/// (written online, or a pending commit a sync reported accepted) with its positions, and
/// every commit queued while offline.
final class OfflineFleet {
    /// The kinds of error with which a write, online or queued, may be refused.
    static let refusalKinds: Set<LedgerError.Kind> = [.ruleViolation, .conflict, .invalidInput]

    /// A commit acknowledged as accepted: its event ids and the positions reported for them.
    struct Accepted {
        let ids: [EventID?]
        let positions: [UInt64]
    }

    /// A commit queued on replica `replica`: its event ids.
    struct Queued {
        let replica: Int
        let ids: [EventID?]
    }

    let seed: UInt64
    let replicas: [FleetReplica]
    private(set) var accepted: [Accepted] = []
    private(set) var queued: [Queued] = []
    /// The event ids of the pending commits discarded: none of them may reach the log.
    private(set) var discarded: [EventID?] = []
    /// How many writes were refused when made, and how many pending commits a sync refused.
    private(set) var refusedWrites = 0
    private(set) var refusedBySync = 0
    /// How many times what a replica showed with its pending commits was checked.
    var shownStatesChecked = 0
    /// How many syncs' local commits were lost.
    private(set) var lostSyncs = 0
    /// Draws the schedule and the ids of the hand-made events.
    var random: SplitMix64

    /// `count` replicas in `directory` of the fresh primary at `primary`, all online and
    /// synced, the schedule drawn from `seed`.
    init(_ count: Int, of primary: String, in directory: TemporaryDirectory, seed: UInt64) throws {
        self.seed = seed
        random = SplitMix64(seed: seed)
        replicas = try (0..<count).map { index in
            try FleetReplica(path: directory.file("replica-\(index)"), primary: primary, seed: seed &* 100 &+ UInt64(index))
        }
        for replica in replicas { try replica.ledger.sync() }
    }

    /// What a failure message names: the seed, which replays the schedule.
    var context: String { "seed \(seed)" }

    /// Replica `index` goes offline if it is online, online if it is offline.
    func toggle(_ index: Int) throws {
        try replicas[index].reopen(online: !replicas[index].online)
    }

    /// Replica `index` writes `events` as one commit: online it is accepted or refused; offline
    /// it is queued or refused. A refused write queues nothing, and offline changes no log.
    func write(_ index: Int, _ events: [PendingEvent]) throws {
        let replica = replicas[index]
        let pendingBefore = try replica.ledger.pendingCommits().map(\.id)
        let headBefore = try replica.ledger.head()
        let result: AppendResult
        switch Self.attempt({ () throws(LedgerError) in try replica.ledger.append(events) }) {
        case .success(let appended): result = appended
        case .failure(let error):
            try expectRefusedWrite(events, by: replica, error, pending: pendingBefore, head: headBefore)
            return
        }
        if result.pendingCommit != nil {
            #expect(!replica.online, "\(context): replica \(index) is online, yet queued its write")
            #expect(result.positions.isEmpty, "\(context): a pending commit has no positions yet")
            queued.append(Queued(replica: index, ids: events.map(\.id)))
        } else {
            #expect(replica.online, "\(context): replica \(index) is offline, yet its write was accepted")
            accepted.append(Accepted(ids: events.map(\.id), positions: Array(result.positions)))
        }
    }

    /// A write of `events` that failed with `error`: refused for a rule, a conflict or invalid
    /// input (any other error is rethrown), with nothing queued. Offline, nothing else changed
    /// either; online, the pending commits `pending` may have been sent first.
    private func expectRefusedWrite(
        _ events: [PendingEvent], by replica: FleetReplica, _ error: LedgerError, pending: [UInt64],
        head: (position: UInt64, commit: UInt64)
    ) throws {
        guard Self.refusalKinds.contains(error.kind) else { throw error }
        refusedWrites += 1
        let pendingAfter = try replica.ledger.pendingCommits()
        let ids = Set(events.map(\.id))
        #expect(!pendingAfter.contains { $0.events.contains { ids.contains($0.id) } }, "\(context): a refused write queues nothing")
        let headAfter = try replica.ledger.head()
        #expect(replica.online || headAfter == head, "\(context): an offline refused write changes no log")
        #expect(replica.online || pendingAfter.map(\.id) == pending, "\(context): an offline refused write sends nothing")
    }

    /// Replica `index` syncs: online, every pending commit it had is sent and reported
    /// accepted or refused, and none is left; offline, the sync fails and changes nothing.
    func sync(_ index: Int) throws {
        let replica = replicas[index]
        let pending = try replica.ledger.pendingCommits()
        let idsOfPending = Dictionary(uniqueKeysWithValues: pending.map { ($0.id, $0.events.map(\.id)) })
        try expectShownStateIsConfirmedPlusPending(index)
        switch Self.attempt({ () throws(LedgerError) in try replica.ledger.sync() }) {
        case .success(let report):
            #expect(replica.online, "\(context): replica \(index) is offline, yet synced")
            let sent = (report.accepted.map(\.pending) + report.refused.map(\.id)).sorted()
            #expect(sent == pending.map(\.id), "\(context): each pending commit is reported accepted or refused, once")
            for (number, result) in report.accepted {
                accepted.append(Accepted(ids: idsOfPending[number] ?? [], positions: Array(result.positions)))
            }
            for refusal in report.refused {
                refusedBySync += 1
                #expect(Self.refusalKinds.contains(refusal.reason.kind), "\(context): refused with \(refusal.reason)")
                #expect(refusal.events.map(\.id) == idsOfPending[refusal.id], "\(context): a refused commit keeps its events")
            }
            #expect(try replica.ledger.pendingCommits().isEmpty, "\(context): a sync leaves nothing pending")
            let verification = try replica.ledger.verify()
            #expect(verification.isIntact, "\(context): after a sync, replica \(index): \(verification.problems)")
        case .failure(let error):
            guard error.isPrimaryUnreachable else { throw error }
            #expect(!replica.online, "\(context): replica \(index) is online, yet cannot reach the primary: \(error)")
            #expect(try replica.ledger.pendingCommits().map(\.id) == pending.map(\.id), "\(context): a failed sync sends nothing")
        }
    }

    /// Replica `index`, online if it was not, syncs, then loses what the sync wrote to its
    /// file, as if killed after the primary's commits and before its own: it goes on from a
    /// copy of its file taken just before. The pending commits the primary took are pending
    /// again; the next sync must find them in the primary's log, not add them again.
    func syncLosingItsOwnCommits(_ index: Int) throws {
        let replica = replicas[index]
        guard try !replica.ledger.pendingCommits().isEmpty else { return try sync(index) }
        if !replica.online { try toggle(index) }
        lostSyncs += 1
        let copy = "\(replica.path)-\(lostSyncs)"
        try replica.ledger.backup(to: copy)
        try sync(index)
        try replica.resume(from: copy)
    }

    /// Replica `index` queues one of its refused commits again, if it has one: queued, or refused
    /// again at once and still among the refused commits.
    func retryRefused(_ index: Int) throws {
        let ledger = replicas[index].ledger
        guard let refusal = try ledger.refusedCommits().randomElement(using: &random) else { return }
        switch Self.attempt({ () throws(LedgerError) in try ledger.retryRefused(refusal.id) }) {
        case .success(let number):
            let retried = try ledger.pendingCommits().last
            #expect(retried?.id == number, "\(context): the retried commit is the last pending one")
            #expect(retried?.events.map(\.id) == refusal.events.map(\.id), "\(context): with the refused commit's events")
        case .failure(let error):
            guard Self.refusalKinds.contains(error.kind) else { throw error }
            #expect(try ledger.refusedCommits().contains { $0.id == refusal.id }, "\(context): refused again, it stays refused")
        }
    }

    /// Replica `index` discards one of its pending commits, if it has one: it is no longer
    /// pending, and must never reach the log, unless the primary had taken it already.
    func discardPending(_ index: Int) throws {
        let ledger = replicas[index].ledger
        guard let commit = try ledger.pendingCommits().randomElement(using: &random) else { return }
        let dropped = try ledger.discardPending(commit.id)
        #expect(dropped.events.map(\.id) == commit.events.map(\.id), "\(context): the discarded commit is the one named")
        #expect(try !ledger.pendingCommits().contains { $0.id == commit.id }, "\(context): a discarded commit is no longer pending")
        // One the primary took before the replica lost its own commit of it stays in the log.
        let ids = commit.events.map(\.id)
        guard !accepted.contains(where: { $0.ids == ids }) else { return }
        discarded += ids
        queued.removeAll { $0.replica == index && $0.ids == ids }
    }

    /// Every replica online, each syncing until nothing is pending, then all once more, so that
    /// each holds every other one's commits.
    func converge() throws {
        for index in replicas.indices where !replicas[index].online { try toggle(index) }
        for index in replicas.indices {
            var rounds = 0
            while try !replicas[index].ledger.pendingCommits().isEmpty, rounds < 3 {
                try sync(index)
                rounds += 1
            }
            #expect(try replicas[index].ledger.pendingCommits().isEmpty, "\(context): replica \(index) still has pending commits")
        }
        for index in replicas.indices { try sync(index) }
    }

    /// What `body` returned, or the error it threw.
    static func attempt<Value>(_ body: () throws(LedgerError) -> Value) -> Result<Value, LedgerError> {
        do {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }

    /// A new event id, drawn from the schedule: a UUIDv7 form.
    func newID() -> EventID {
        EventID(high: random.next() & ~0xF000 | 0x7000, low: random.next() >> 2 | 0x8000_0000_0000_0000)
    }
}
