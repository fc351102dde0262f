import EventLedger

/// (a) The first `bulkEvents` generated events appended to a new ledger in one commit
/// (one `append(_:)` call, which reads a batch this large as it is made), against raw LMDB,
/// SQLite and the same-work SQLite peer writing the same events in one transaction.
/// Target: at least 0.5× raw LMDB, 1× SQLite and 3× the same-work peer, and an anonymous
/// peak under 300 MB (286 MiB). The ledger opens as an app opens one (default initial map);
/// the append grows the map for its size before it starts. The same events are then loaded
/// into a ledger that does not exist yet (`Ledger.build(at:domains:appending:)`), which
/// builds the file in place and links it whole.
struct BulkLoadWorkload: Workload {
    let name = "(a) bulk load"
    let maximumMebibytes = 300_000_000.0 / 1_048_576

    func run(in context: BenchContext) throws -> [BenchResult] {
        let events = context.scale.bulkEvents
        let label = "\(BenchContext.label(events)) events, one commit"
        let path = context.directory.file("bulk.lmdb")
        // The ledger is closed before the next load: LMDB keeps the pages a write transaction
        // copied for reuse until then.
        let opened = try ProcessMemory.samplingAnonymousPeak {
            try CommitRun.measure(
                Ledger(path: path, domains: BenchDomains.all), streaming: context.generatedEventsAsRead(events),
                engine: "EventLedger")
        }
        context.directory.removeLedger(path)
        let newPath = context.directory.file("bulk-new.lmdb")
        defer { context.directory.removeLedger(newPath) }
        let built = try ProcessMemory.samplingAnonymousPeak {
            try CommitRun.measure(
                newLedgerAt: newPath, streaming: context.generatedEventsAsRead(events),
                engine: "EventLedger, new file")
        }
        var results: [BenchResult] = []
        for (run, peakAnonymous) in [opened, built] {
            results += run.rows(name, label)
            results.append(
                BenchResult(
                    workload: name, case: "\(label): \(run.engine)", metric: "peak anonymous RSS (sampled)",
                    value: peakAnonymous, unit: "MiB", target: .atMost(maximumMebibytes, peakAnonymous)))
        }
        for (engine, minimum) in [(Baselines.Engine.lmdb, 0.5), (.sqlite, 1.0), (.sameWorkSQLite, 3.0)] {
            guard let baseline = try context.baselineRun(engine, events: events, perCommit: events) else { continue }
            results += baseline.rows(name, label)
            for (run, _) in [opened, built] {
                results.append(
                    .ratio(
                        name, "\(label): \(run.engine)", run.eventsPerSecond, to: baseline.eventsPerSecond,
                        of: engine.name, atLeast: minimum))
            }
        }
        return results
    }
}
