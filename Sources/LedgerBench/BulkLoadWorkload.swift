import EventLedger

/// (a) The first `bulkEvents` generated events appended to a new ledger in one commit
/// (one `append` call), against raw LMDB and SQLite writing the same events in one
/// transaction. Target: at least 0.5× raw LMDB and 1× SQLite. Run twice: as an app opens
/// a ledger (default initial map, doubled whenever full, the commit rerun each time) and with a
/// map large enough from the start, which isolates what growing the map costs.
struct BulkLoadWorkload: Workload {
    let name = "(a) bulk load"
    static let presizedMap = 4 << 30

    func run(in context: BenchContext) throws -> [BenchResult] {
        let events = context.scale.bulkEvents
        let label = "\(BenchContext.label(events)) events, one commit"
        let cases = [("EventLedger", Ledger.Options()),
                     ("EventLedger, 4 GiB initial map", Ledger.Options(initialMapSize: Self.presizedMap))]
        let runs = try cases.map { engine, options in
            let path = context.directory.file("bulk.lmdb")
            defer { context.directory.removeLedger(path) }
            let ledger = try Ledger(path: path, domains: BenchDomains.all, options: options)
            return try CommitRun.measure(ledger, commits: context.generatedCommits(events: events, perCommit: events),
                                         engine: engine)
        }
        var results = runs.flatMap { $0.rows(name, label) }
        for (engine, minimum) in [(Baselines.Engine.lmdb, 0.5), (.sqlite, 1.0)] {
            guard let baseline = try context.baselineRun(engine, events: events, perCommit: events) else { continue }
            results += baseline.rows(name, label)
            for run in runs {
                results.append(.ratio(name, "\(label): \(run.engine)", run.eventsPerSecond, to: baseline.eventsPerSecond,
                                      of: engine.name, atLeast: minimum))
            }
        }
        return results
    }
}
