import EventLedger
import Testing

/// What a replica with pending commits shows: its confirmed state with the pending commits
/// that still apply applied on top, in the order they were queued.
extension OfflineFleet {
    /// Replica `index`'s reads equal its confirmed log replayed into a ledger of its own with
    /// its pending commits that apply appended there as ordinary writes. Music and animals
    /// only: a favourite holds the position and time of its event, which a pending one has
    /// yet to take.
    func expectShownStateIsConfirmedPlusPending(_ index: Int) throws {
        let replica = replicas[index]
        let pending = try replica.ledger.pendingCommits().filter(\.appliesLocally)
        guard !pending.isEmpty else { return }
        shownStatesChecked += 1
        let confirmed = try replica.ledger.head().position
        let oracle = try replica.ledger.replay(to: confirmed, into: "\(replica.path)-shown-\(shownStatesChecked)")
        for commit in pending {
            let appended = Self.attempt { () throws(LedgerError) in try oracle.append(commit.events) }
            if case .failure(let error) = appended {
                Issue.record("\(context): pending commit \(commit.id) of replica \(index) applies locally, yet not on its confirmed log: \(error)")
            }
        }
        let domains = FleetReplica.domainsOfEventsAlone
        #expect(
            try FleetReplica.rows(replica.ledger, of: domains) == FleetReplica.rows(oracle, of: domains),
            "\(context): replica \(index) shows its confirmed state with its pending commits applied")
    }
}
