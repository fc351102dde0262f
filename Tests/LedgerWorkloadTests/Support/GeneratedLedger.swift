import Animals
import EventLedger
import Favorites
import LedgerTestSupport
import LedgerWorkload
import Music

/// A ledger with the Music, Animals and Favorites domains in a fresh temporary directory,
/// fed a generated event stream in commits of varying size.
struct GeneratedLedger {
    /// The directory holding the ledger; other ledgers of a test may go there too.
    let directory: TemporaryDirectory
    /// The ledger.
    let ledger: Ledger

    /// A generated event the ledger rejected, with everything needed to reproduce it.
    struct RejectedEvent: Error, CustomStringConvertible {
        let position: UInt64
        let event: PendingEvent
        let error: LedgerError

        var description: String {
            let payload = JSONValue.object(event.payload).serializedString()
            return "generated event at position \(position) rejected: \(event.type) \(payload): \(error.kind) \(error)"
        }
    }

    /// Runs `body` with a ledger holding the first `events` events of `WorkloadGenerator(seed:)`,
    /// appended in commits of 1…200 events; the directory is removed afterwards.
    static func with(events: Int, seed: UInt64, _ body: (GeneratedLedger) throws -> Void) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let generated = try GeneratedLedger(directory: directory, ledger: open(directory.file("ledger.lmdb")))
        var generator = WorkloadGenerator(seed: seed)
        var batchSizes = SplitMix64(seed: ~seed)
        var appended = 0
        while appended < events {
            let batch = generator.batch(min(events - appended, Int.random(in: 1...200, using: &batchSizes)))
            try generated.append(batch)
            appended += batch.count
        }
        try body(generated)
    }

    /// A new or existing ledger at `path` with the three domains.
    static func open(_ path: String) throws -> Ledger {
        try Ledger(path: path, domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()])
    }

    /// Appends `batch` as one commit; a rejection throws `RejectedEvent`.
    func append(_ batch: [PendingEvent]) throws {
        let head = try ledger.head().position
        do {
            try ledger.append(batch)
        } catch {
            let index = error.eventIndex ?? 0
            throw RejectedEvent(position: head + UInt64(index) + 1, event: batch[index], error: error)
        }
    }
}
