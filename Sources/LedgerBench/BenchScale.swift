/// How much each workload does: a full run, or the small quick run CI makes.
struct BenchScale {
    /// The sizes, in events, of the generated ledgers the read workloads (e)–(g) use, smallest first.
    let ledgerSizes: [Int]
    /// (a): events appended in one commit.
    var bulkEvents: Int
    /// (b): durable commits of `eventsPerBatch` events.
    let batchCommits: Int
    let eventsPerBatch = 100
    /// (c): durable commits of one event, one writer.
    let singleCommits: Int
    /// (d): concurrent writers, and the durable one-event commits each makes.
    let writers = 8
    let commitsPerWriter: Int
    /// (h): processes spawned per tool.
    let coldAppends: Int
    /// (j): commits, each by a `ledger append` process, whose observed result is timed.
    let observedCommits: Int
    /// (l): single-event commits queued on a replica while its primary is unreachable, then sent by one sync.
    let pendingCommits: Int

    static let full = BenchScale(
        ledgerSizes: [10_000, 100_000, 1_000_000], bulkEvents: 1_000_000, batchCommits: 1_000,
        singleCommits: 2_000, commitsPerWriter: 500, coldAppends: 200,
        observedCommits: 200, pendingCommits: 10_000)
    static let quick = BenchScale(
        ledgerSizes: [10_000, 20_000, 50_000], bulkEvents: 50_000, batchCommits: 200,
        singleCommits: 200, commitsPerWriter: 25, coldAppends: 20,
        observedCommits: 20, pendingCommits: 500)

    /// The events the workloads take from the generated stream: the baselines read this many from the events file.
    var generatedEvents: Int { max(bulkEvents, batchCommits * eventsPerBatch, singleCommits, commitsPerWriter) }
}
