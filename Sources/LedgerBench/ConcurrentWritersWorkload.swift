import EventLedger

/// (d) `scale.writers` threads of one process each appending one event at a time, durably,
/// to one new ledger: the engine merges appends that arrive together into one transaction
/// and one fsync (group commit). Compared with one writer's durable single-event commits,
/// (c), on the ledger itself and on each baseline (raw LMDB, SQLite, the same-work SQLite
/// peer); target: at least 6× the ledger's own (c) commit rate.
struct ConcurrentWritersWorkload: Workload {
    let name = "(d) concurrent writers"

    func run(in context: BenchContext) throws -> [BenchResult] {
        let scale = context.scale
        let label = "\(scale.writers) writers × \(BenchContext.label(scale.commitsPerWriter)) commits of 1"
        let path = context.directory.file("writers.lmdb")
        defer { context.directory.removeLedger(path) }
        let ledger = try BenchDomains.ledger(at: path)
        let events = context.generatedCommits(events: scale.commitsPerWriter, perCommit: scale.commitsPerWriter)[0]
        let writerEvents = (0..<scale.writers).map { WriterEvents.privatized(events, writer: $0) }

        let clock = ContinuousClock()
        let started = clock.now
        let (outcomes, peak) = try ProcessMemory.measuringPeak {
            try Threads.run(scale.writers) { writer in
                Result { () throws -> Latencies in
                    var latencies = Latencies()
                    for event in writerEvents[writer] { _ = try latencies.time { try ledger.append([event]) } }
                    return latencies
                }
            }
        }
        let seconds = (clock.now - started).seconds
        var latencies = Latencies()
        for outcome in outcomes { latencies.merge(try outcome.get()) }
        let run = CommitRun(
            engine: "EventLedger", events: latencies.count, commits: latencies.count, seconds: seconds,
            latencies: latencies, peakMebibytes: peak)
        var results = run.rows(name, label)
        let single = "\(BenchContext.label(scale.singleCommits)) commits of 1, one writer (c)"
        let ledgerSingles = try context.ledgerRun(events: scale.singleCommits, perCommit: 1)
        results += [
            BenchResult(
                workload: name, case: "\(single): EventLedger", metric: "commits",
                value: ledgerSingles.commitsPerSecond, unit: "commits/s"),
            .ratio(
                name, "\(label): EventLedger", run.commitsPerSecond, to: ledgerSingles.commitsPerSecond,
                of: "EventLedger (c)", atLeast: 6),
        ]
        for engine in Baselines.Engine.allCases {
            guard let baseline = try context.baselineRun(engine, events: scale.singleCommits, perCommit: 1) else { continue }
            results.append(
                BenchResult(
                    workload: name, case: "\(single): \(engine.name)", metric: "commits",
                    value: baseline.commitsPerSecond, unit: "commits/s"))
            results.append(
                .ratio(
                    name, "\(label): EventLedger", run.commitsPerSecond, to: baseline.commitsPerSecond,
                    of: "\(engine.name) (c)"))
        }
        return results
    }
}
