import EventLedger
import LedgerWorkload
import Music

/// Staging one event in a form session, with few and with many events staged before it: the
/// cost should not grow with the session. A ledger holds the first 1,000 generated events; a
/// session stages the next ones, one `stage` each; once 9 and once 9,999 are staged, the same
/// event (a new artist) is staged as the 10th and the 10,000th, and undone, `samples` times,
/// each `stage` (a durable write) timed. Target: the 10,000th's p50 at most 2× the 10th's.
struct FormSessionWorkload: Workload {
    let name = "(k) form session staging"
    let ledgerEvents = 1_000
    /// The timed staged events: their number in the session, and its name.
    let timedEvents = [(number: 10, name: "10th"), (number: 10_000, name: "10,000th")]
    let samples = 200
    let maximumGrowth = 2.0

    func run(in context: BenchContext) throws -> [BenchResult] {
        let path = context.directory.file("form-session.lmdb")
        defer { context.directory.removeLedger(path) }
        let ledger = try BenchDomains.ledger(at: path)
        var generator = WorkloadGenerator(seed: 1)
        try ledger.append(generator.batch(ledgerEvents))
        let session = try ledger.beginSession(name: "bench")
        let probe = PendingEvent(ArtistCreated(artistId: "bench-probe", name: "Bench Probe"))
        var staged = 0
        var results: [BenchResult] = []
        var medians: [Double] = []
        for (number, ordinal) in timedEvents {
            printError("ledger-bench: staging \(BenchContext.label(number - 1 - staged)) events")
            while staged < number - 1 {
                try session.stage(generator.next())
                staged += 1
            }
            var latencies = Latencies()
            for _ in 0..<samples {
                try latencies.time { try session.stage(probe) }
                try session.undo()
            }
            results += latencies.results(name, "\(ordinal) staged event")
            medians.append(latencies.percentile(0.5))
        }
        let growth = medians[medians.count - 1] / medians[0]
        results.append(
            BenchResult(
                workload: name, case: "\(timedEvents[1].name) / \(timedEvents[0].name) staged event", metric: "p50 ratio", value: growth, unit: "x",
                target: .atMost(maximumGrowth, growth)))
        return results
    }
}
