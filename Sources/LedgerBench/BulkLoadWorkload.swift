import EventLedger

/// (a) The first `bulkEvents` generated events appended to a new ledger in one commit
/// (one `append(contentsOf:)` call, which reads them as they are made), against raw LMDB,
/// SQLite and the same-work SQLite peer writing the same events in one transaction.
/// Target: at least 0.5× raw LMDB, 1× SQLite and 3× the same-work peer. The ledger opens as
/// an app opens one (default initial map); the append grows the map for its size before it starts.
struct BulkLoadWorkload: Workload {
    let name = "(a) bulk load"

    func run(in context: BenchContext) throws -> [BenchResult] {
        let events = context.scale.bulkEvents
        let label = "\(BenchContext.label(events)) events, one commit"
        let path = context.directory.file("bulk.lmdb")
        defer { context.directory.removeLedger(path) }
        let ledger = try Ledger(path: path, domains: BenchDomains.all)
        let run = try CommitRun.measure(ledger, streaming: context.generatedEventsAsRead(events), engine: "EventLedger")
        var results = run.rows(name, label)
        for (engine, minimum) in [(Baselines.Engine.lmdb, 0.5), (.sqlite, 1.0), (.sameWorkSQLite, 3.0)] {
            guard let baseline = try context.baselineRun(engine, events: events, perCommit: events) else { continue }
            results += baseline.rows(name, label)
            results.append(.ratio(name, "\(label): \(run.engine)", run.eventsPerSecond, to: baseline.eventsPerSecond,
                                  of: engine.name, atLeast: minimum))
        }
        return results
    }
}
