import EventLedger
import LedgerWorkload
import Music

/// Staging one event in a form session, with few and with many events staged before it: the
/// cost should not grow with the session. A ledger holds the first 1,000 generated events; two
/// sessions stage the next ones, one `stage` each, one session 9 of them and the other 9,999.
/// Then the same event (a new artist) is staged as the 10th event of the one and the 10,000th
/// of the other, and undone, in turns, `samples` times, each `stage` (a durable write) timed:
/// taking turns, both see the disk as busy. Target: the 10,000th's p50 at most 2× the 10th's.
struct FormSessionWorkload: Workload {
    let name = "(k) form session staging"
    let ledgerEvents = 1_000
    /// The timed staged events: their number in their session, and its name.
    let timedEvents = [(number: 10, name: "10th"), (number: 10_000, name: "10,000th")]
    let samples = 200
    let maximumGrowth = 2.0

    func run(in context: BenchContext) throws -> [BenchResult] {
        let path = context.directory.file("form-session.lmdb")
        defer { context.directory.removeLedger(path) }
        let ledger = try BenchDomains.ledger(at: path)
        var generator = WorkloadGenerator(seed: 1)
        try ledger.append(generator.batch(ledgerEvents))
        let sessions = try timedEvents.map { timed in
            printError("ledger-bench: staging \(BenchContext.label(timed.number - 1)) events")
            let session = try ledger.beginSession(name: "bench \(timed.name)")
            var staging = generator
            for _ in 1..<timed.number { try session.stage(staging.next()) }
            return session
        }
        let probe = PendingEvent(ArtistCreated(artistId: "bench-probe", name: "Bench Probe"))
        var latencies = timedEvents.map { _ in Latencies() }
        for _ in 0..<samples {
            for (index, session) in sessions.enumerated() {
                _ = try latencies[index].time { try session.stage(probe) }
                try session.undo()
            }
        }
        var results: [BenchResult] = []
        for (timed, measured) in zip(timedEvents, latencies) { results += measured.results(name, "\(timed.name) staged event") }
        let growth = latencies[latencies.count - 1].percentile(0.5) / latencies[0].percentile(0.5)
        results.append(
            BenchResult(
                workload: name, case: "\(timedEvents[timedEvents.count - 1].name) / \(timedEvents[0].name) staged event",
                metric: "p50 ratio", value: growth, unit: "x", target: .atMost(maximumGrowth, growth)))
        return results
    }
}
