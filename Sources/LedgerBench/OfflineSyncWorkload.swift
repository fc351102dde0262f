import EventLedger
import EventLedgerPostgreSQL
import Music

/// (l) An offline replica's sync (`--primary URL`, as (i)): a replica queues
/// `pendingCommits` single-event commits while its primary is unreachable (new artists),
/// then one `sync()` sends them all, each one write through the primary as (i)'s commits
/// are: commits/s of the sync, against (i)'s commits/s over four writers.
struct OfflineSyncWorkload: Workload {
    let name = "(l) offline sync"
    let primary: String?

    /// A port nothing listens on: the primary, unreachable.
    static let unreachable = "postgresql://ledger@127.0.0.1:1/postgres"

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let primary else {
            printError("ledger-bench: no --primary: (l) is left out")
            return []
        }
        let commits = context.scale.pendingCommits
        let path = context.directory.file("offline-replica.lmdb")
        defer { context.directory.removeLedger(path) }
        // Artists of ids no earlier run used.
        let prefix = "offline-\(UInt64.random(in: 0...UInt64.max))"
        try Ledger(path: path, domains: BenchDomains.all, options: Ledger.Options(primary: PostgreSQLPrimary(primary))).sync()
        let offline = try Ledger(
            path: path, domains: BenchDomains.all, options: Ledger.Options(primary: PostgreSQLPrimary(Self.unreachable), whenUnreachable: .queue))
        for index in 0..<commits {
            try offline.append(ArtistCreated(artistId: "\(prefix)-\(index)", name: "Artist \(index)"))
        }
        let online = try Ledger(path: path, domains: BenchDomains.all, options: Ledger.Options(primary: PostgreSQLPrimary(primary)))
        let clock = ContinuousClock()
        let started = clock.now
        let report = try online.sync()
        let seconds = (clock.now - started).seconds
        guard report.accepted.count == commits, report.refused.isEmpty else {
            throw OfflineSyncError(description: "(l): \(report.accepted.count) of \(commits) accepted, \(report.refused.count) refused")
        }
        return [
            BenchResult(
                workload: name, case: "\(BenchContext.label(commits)) pending commits of 1, one sync", metric: "commits",
                value: Double(commits) / seconds, unit: "commits/s")
        ]
    }
}

/// A sync that did not send every pending commit.
struct OfflineSyncError: Error, CustomStringConvertible {
    let description: String
}
