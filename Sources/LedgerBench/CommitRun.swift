import EventLedger

/// One engine's run of a commit workload: events appended in durable commits, how long it
/// took, the latency of each commit and the peak resident memory.
struct CommitRun {
    let engine: String
    let events: Int
    let commits: Int
    let seconds: Double
    /// Median and 99th percentile time of one commit (one append call for EventLedger), in µs.
    let commitP50: Double
    let commitP99: Double
    /// Peak resident set size during the run (input events and mapped file pages included), in MiB.
    let peakMebibytes: Double
    /// The database a baseline wrote, kept until the end of the run; nil for EventLedger.
    let database: String?

    var eventsPerSecond: Double { Double(events) / seconds }
    var commitsPerSecond: Double { Double(commits) / seconds }

    init(engine: String, events: Int, commits: Int, seconds: Double, latencies: Latencies, peakMebibytes: Double) {
        self.engine = engine
        self.events = events
        self.commits = commits
        self.seconds = seconds
        commitP50 = latencies.percentile(0.5)
        commitP99 = latencies.percentile(0.99)
        self.peakMebibytes = peakMebibytes
        database = nil
    }

    /// The result line a C baseline prints (see tools/baselines/baseline.h). A line without
    /// a commit count or latencies, as the storage limit prints, is one commit that took
    /// the whole run.
    init(engine: String, database: String, baselineOutput: [UInt8]) throws {
        let text = String(decoding: baselineOutput, as: UTF8.self)
        guard case .object(let fields)? = try? JSONValue.parse(text),
            let events = fields["events"]?.int64Value, let seconds = fields["seconds"]?.number,
            let peak = fields["peak_rss_mib"]?.number
        else { throw LedgerError(.invalidInput, "unexpected output from the \(engine) baseline: \(text)") }
        self.engine = engine
        self.events = Int(events)
        self.seconds = seconds
        commits = fields["commits"]?.int64Value.map(Int.init) ?? 1
        commitP50 = fields["commit_p50_us"]?.number ?? seconds * 1_000_000
        commitP99 = fields["commit_p99_us"]?.number ?? seconds * 1_000_000
        peakMebibytes = peak
        self.database = database
    }

    /// Appends each of `commits` to `ledger` as one durable commit, timing each.
    static func measure(_ ledger: Ledger, commits: [[PendingEvent]], engine: String = "EventLedger") throws -> CommitRun {
        try measure(engine: engine, events: commits.reduce(0) { $0 + $1.count }, commits: commits.count) { latencies in
            for events in commits { _ = try latencies.time { try ledger.append(events) } }
        }
    }

    /// Appends `events`, a large batch, to `ledger` as one durable commit read as it goes (`append(_:)`), timing it.
    static func measure(
        _ ledger: Ledger, streaming events: some Collection<PendingEvent>,
        engine: String = "EventLedger"
    ) throws -> CommitRun {
        try measure(engine: engine, events: events.count, commits: 1) { latencies in
            _ = try latencies.time { try ledger.append(events) }
        }
    }

    /// Appends `events` as the one commit that builds a new ledger at `path`
    /// (`Ledger.build(at:domains:appending:)`, which writes the file in place), timing it.
    static func measure(
        newLedgerAt path: String, streaming events: some Collection<PendingEvent>,
        engine: String
    ) throws -> CommitRun {
        try measure(engine: engine, events: events.count, commits: 1) { latencies in
            _ = try latencies.time { try Ledger.build(at: path, domains: BenchDomains.all, appending: EventCollection(events)) }
        }
    }

    /// Times `appendAll`, which appends `events` in `commits` durable commits, timing each in `latencies`.
    private static func measure(
        engine: String, events: Int, commits: Int,
        _ appendAll: (inout Latencies) throws -> Void
    ) throws -> CommitRun {
        var latencies = Latencies()
        let clock = ContinuousClock()
        let (elapsed, peak) = try ProcessMemory.measuringPeak {
            try clock.measure { try appendAll(&latencies) }
        }
        return CommitRun(
            engine: engine, events: events, commits: commits, seconds: elapsed.seconds, latencies: latencies,
            peakMebibytes: peak)
    }

    /// Rows of the rate, commit latency (when there is more than one commit) and peak memory.
    func rows(_ workload: String, _ case: String) -> [BenchResult] {
        let label = "\(`case`): \(engine)"
        var rows = [BenchResult(workload: workload, case: label, metric: "rate", value: eventsPerSecond, unit: "events/s")]
        if commits > 1 {
            rows += [
                BenchResult(workload: workload, case: label, metric: "commits", value: commitsPerSecond, unit: "commits/s"),
                BenchResult(workload: workload, case: label, metric: "commit p50", value: commitP50, unit: "µs"),
                BenchResult(workload: workload, case: label, metric: "commit p99", value: commitP99, unit: "µs"),
            ]
        }
        rows.append(BenchResult(workload: workload, case: label, metric: "peak RSS", value: peakMebibytes, unit: "MiB"))
        return rows
    }
}

extension JSONValue {
    /// An integer or a fractional number as a `Double`.
    fileprivate var number: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}
