import EventLedger
import LedgerWorkload

/// What the workloads share: the temporary directory and the generated ledgers, each
/// built once, on first use, and the load rows of building them.
final class BenchContext {
    /// The ledger sizes in events, smallest first.
    let sizes: [Int]
    let directory: BenchDirectory
    private var ledgers: [Int: GeneratedBenchLedger] = [:]
    /// One row group per ledger built: its load rate and file size.
    private(set) var loadResults: [BenchResult] = []

    init(sizes: [Int]) throws {
        self.sizes = sizes
        directory = try BenchDirectory()
    }

    /// The ledger holding the first `events` events of the benchmark's generated stream.
    func generatedLedger(events: Int) throws -> GeneratedBenchLedger {
        if let built = ledgers[events] { return built }
        printError("ledger-bench: loading \(Self.label(events)) events")
        let built = try GeneratedBenchLedger(events: events, path: directory.file("generated-\(events).lmdb"))
        ledgers[events] = built
        let name = "\(Self.label(events)) events"
        loadResults += [
            BenchResult(workload: "load", case: name, metric: "append, 1,000 per commit", value: built.loadRate, unit: "events/s"),
            BenchResult(workload: "load", case: name, metric: "file size", value: built.fileMebibytes, unit: "MiB"),
        ]
        return built
    }

    /// `10k`, `1M`, or the number itself.
    static func label(_ events: Int) -> String {
        if events >= 1_000_000, events % 1_000_000 == 0 { return "\(events / 1_000_000)M" }
        if events >= 1_000, events % 1_000 == 0 { return "\(events / 1_000)k" }
        return String(events)
    }
}
