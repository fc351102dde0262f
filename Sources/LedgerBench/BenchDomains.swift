import Animals
import EventLedger
import Favorites
import Music

/// The domains every benchmark ledger is opened with: the three the workload generator writes.
enum BenchDomains {
    static var all: [any LedgerDomain] { [MusicDomain(), AnimalsDomain(), FavoritesDomain()] }

    /// Opens (creating) a ledger at `path` with every domain.
    static func ledger(at path: String) throws -> Ledger {
        try Ledger(path: path, domains: all)
    }
}
