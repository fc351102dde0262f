import EventLedger
import LedgerWorkload

#if canImport(Glibc)
import Glibc
#endif

/// A ledger with the three domains holding the first `events` events of
/// `WorkloadGenerator(seed: 1)`, appended 1,000 per commit, and what the load measured.
struct GeneratedBenchLedger {
    static let eventsPerCommit = 1_000

    let ledger: Ledger
    let events: Int
    /// Events appended per second, counting the appends only (not generating the events).
    let loadRate: Double
    /// When each artist was created and deleted.
    let artists: ArtistLifetimes

    init(events: Int, path: String) throws {
        let ledger = try BenchDomains.ledger(at: path)
        var generator = WorkloadGenerator(seed: 1)
        var artists = ArtistLifetimes()
        var appending = Duration.zero
        let clock = ContinuousClock()
        var appended = 0
        while appended < events {
            let batch = generator.batch(min(Self.eventsPerCommit, events - appended))
            appending += try clock.measure { try ledger.append(batch) }
            for (offset, event) in batch.enumerated() {
                artists.record(event, at: UInt64(appended + offset + 1))
            }
            appended += batch.count
        }
        self.ledger = ledger
        self.events = events
        loadRate = Double(events) / appending.seconds
        self.artists = artists
    }

    /// The size of the ledger file.
    var fileMebibytes: Double {
        var status = stat()
        guard stat(ledger.path, &status) == 0 else { return .nan }
        return Double(status.st_size) / 1_048_576
    }
}
