import EventLedger
import EventLedgerPostgreSQL
import LedgerWorkload
import Music

/// (i) A shared PostgreSQL primary (`--primary URL`, an empty database; tools/bench starts a
/// server of its own, with fsync): `writers` replica processes, each with its own file,
/// committing one event at a time durably through the primary (commits/s over all, p50 and
/// p99 of a commit), against one process's durable single commits to a local file (c); then
/// the current-state query of (g) on a replica, which reads its local file only.
struct PrimaryWorkload: Workload {
    let name = "(i) through a primary"
    let primary: String?
    let writers = 4

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let primary else {
            printError("ledger-bench: no --primary: (i) is left out")
            return []
        }
        let commits = context.scale.singleCommits / writers
        let label = "\(writers) replica processes × \(BenchContext.label(commits)) commits of 1"
        let paths = (0..<writers).map { context.directory.file("replica-\($0).lmdb") }
        defer { paths.forEach(context.directory.removeLedger) }
        let program = CommandLine.arguments[0]
        let clock = ContinuousClock()
        let started = clock.now
        let outcomes = try Threads.run(writers) { writer in
            Result {
                try ChildProcess.run(
                    [program, PrimaryWriter.option, primary, paths[writer], String(writer), String(commits)],
                    captureOutput: true)
            }
        }
        let seconds = (clock.now - started).seconds
        var latencies = Latencies()
        for outcome in outcomes {
            for line in String(decoding: try outcome.get().output, as: UTF8.self).split(separator: "\n") {
                guard let microseconds = Double(line) else { continue }
                latencies.record(seconds: microseconds / 1_000_000)
            }
        }
        let run = CommitRun(
            engine: "EventLedger", events: latencies.count, commits: latencies.count, seconds: seconds,
            latencies: latencies, peakMebibytes: .nan)
        var results = [BenchResult(workload: name, case: label, metric: "commits", value: run.commitsPerSecond, unit: "commits/s")]
        results += latencies.results(name, "\(label), one commit")

        let replica = try Ledger(path: paths[0], domains: BenchDomains.all, options: Ledger.Options(primary: PostgreSQLPrimary(primary)))
        try replica.append(WorkloadGenerator.artistWithSongs(CurrentStateQueryWorkload.artistId, count: CurrentStateQueryWorkload.songs))
        let query = try CurrentStateQueryWorkload.queryLatencies(replica)
        results += query.results(
            name,
            "replica of \(BenchContext.label(Int(try replica.head().position))) events, "
                + "\(CurrentStateQueryWorkload.songs)-song artist, query")
        return results
    }
}
