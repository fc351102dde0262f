import Animals
import EventLedger
import EventLedgerPostgreSQL
import Favorites
import LedgerWorkload
import Music

/// One replica of an `OfflineFleet`: its file, opened with the primary's URL while online and
/// with a URL nothing answers while offline, queueing what it cannot send; the generator of
/// its own edits; and the categories it created to contest their name.
final class FleetReplica {
    /// A port nothing listens on: the primary, unreachable.
    static let unreachable = "postgresql://ledger@127.0.0.1:1/postgres"

    private(set) var path: String
    let primary: String
    private(set) var online = true
    private(set) var ledger: Ledger
    /// Makes the replica's edits: valid against what it wrote itself, not always against
    /// what the other replicas wrote meanwhile.
    var generator: WorkloadGenerator
    /// The ids of the categories it tried to create with the contested name.
    var contested: [String] = []

    /// The replica at `path` of the primary at `primary`, online, with edits generated from `seed`.
    init(path: String, primary: String, seed: UInt64) throws {
        self.path = path
        self.primary = primary
        ledger = try Self.open(path, primary)
        generator = WorkloadGenerator(seed: seed)
    }

    /// The domains of every replica.
    static var domains: [any LedgerDomain] { [MusicDomain(), AnimalsDomain(), FavoritesDomain()] }

    /// The domains whose read models hold nothing of an event but the event: not its position
    /// or time, which a pending event has yet to take (as favourites hold).
    static var domainsOfEventsAlone: [any LedgerDomain] { [MusicDomain(), AnimalsDomain()] }

    /// Every row of every read model of `domains` in `ledger`, as stored; with its pending
    /// commits applied unless `confirmed`.
    static func rows(_ ledger: Ledger, of domains: [any LedgerDomain] = domains, confirmed: Bool = false) throws -> [String] {
        try ledger.read(confirmed: confirmed) { state in
            try domains.flatMap(\.tables).flatMap { table in
                try state.storedRows(table).map { "\(table.qualifiedName) \($0.key) \($0.row)" }
            }
        }
    }

    /// The ledger at `path`, a replica of the primary at `url` queueing its writes while
    /// that primary cannot be reached.
    static func open(_ path: String, _ url: String) throws -> Ledger {
        try Ledger(
            path: path, domains: domains,
            options: Ledger.Options(primary: PostgreSQLPrimary(url), whenUnreachable: .queue))
    }

    /// Opens the file again, with the primary's URL when `online`, the unreachable one otherwise.
    func reopen(online: Bool) throws {
        self.online = online
        ledger = try Self.open(path, online ? primary : Self.unreachable)
    }

    /// Goes on from the copy of its file at `copy`, as if it had lost what it wrote since the copy.
    func resume(from copy: String) throws {
        path = copy
        try reopen(online: online)
    }

    /// The version `stream` has on this replica, its pending commits that apply included: the
    /// version an edit meaning to follow what the replica shows expects.
    func localVersion(of stream: String) throws -> UInt64 {
        var confirmed: UInt64 = 0
        try ledger.forEachEvent(LogFilter(stream: stream)) { event in
            confirmed = event.version
            return true
        }
        let pending = try ledger.pendingCommits().filter(\.appliesLocally).flatMap(\.streams).filter { $0 == stream }
        return confirmed + UInt64(pending.count)
    }
}
