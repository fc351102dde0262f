/// (b) and (c): durable commits of a few events each, one writer, to a new ledger: the
/// first generated events, `eventsPerCommit` to an `append` call, against raw LMDB, SQLite
/// and the same-work SQLite peer committing the same events the same way. (b) must reach
/// 1.5× the same-work peer's event rate, (c) 0.9× raw LMDB's.
struct DurableCommitWorkload: Workload {
    let name: String
    let eventsPerCommit: Int
    let commits: Int
    /// The least acceptable ratio to each baseline's event rate; a baseline left out has none.
    let minimums: [Baselines.Engine: Double]

    /// (b): commits of `scale.eventsPerBatch` events.
    static func batches(_ scale: BenchScale) -> DurableCommitWorkload {
        DurableCommitWorkload(
            name: "(b) durable commits of \(scale.eventsPerBatch)", eventsPerCommit: scale.eventsPerBatch,
            commits: scale.batchCommits, minimums: [.sameWorkSQLite: 1.5])
    }

    /// (c): commits of one event.
    static func singles(_ scale: BenchScale) -> DurableCommitWorkload {
        DurableCommitWorkload(
            name: "(c) durable commits of 1", eventsPerCommit: 1, commits: scale.singleCommits,
            minimums: [.lmdb: 0.9])
    }

    func run(in context: BenchContext) throws -> [BenchResult] {
        let events = eventsPerCommit * commits
        let label = "\(BenchContext.label(commits)) commits"
        let run = try context.ledgerRun(events: events, perCommit: eventsPerCommit)
        var results = run.rows(name, label)
        for engine in Baselines.Engine.allCases {
            guard let baseline = try context.baselineRun(engine, events: events, perCommit: eventsPerCommit) else { continue }
            results += baseline.rows(name, label)
            results.append(
                .ratio(
                    name, "\(label): EventLedger", run.eventsPerSecond, to: baseline.eventsPerSecond,
                    of: engine.name, atLeast: minimums[engine]))
        }
        return results
    }
}
