import EventLedger
import LedgerWorkload

/// What the workloads share: the scale, the temporary directory, the generated ledgers
/// (each built once, on first use, with the load rows of building them), the events file
/// of the C baselines, and the ledger's and the baselines' commit runs more than one
/// workload compares with.
final class BenchContext {
    let scale: BenchScale
    let directory: BenchDirectory
    /// The C baselines; nil when not built, and the comparisons are left out.
    let baselines: Baselines?
    /// The `ledger` tool, for the workloads that spawn it; nil when not found.
    let ledgerBinary: String?
    private var ledgers: [Int: GeneratedBenchLedger] = [:]
    private var eventsFile: String?
    private var eventsReader: EventsFileReader?
    private var baselineRuns: [String: CommitRun] = [:]
    private var ledgerRuns: [String: CommitRun] = [:]
    /// One row group per ledger built: its load rate and file size.
    private(set) var loadResults: [BenchResult] = []

    /// The ledger sizes in events, smallest first.
    var sizes: [Int] { scale.ledgerSizes }

    init(scale: BenchScale, baselines: Baselines?, ledgerBinary: String?) throws {
        self.scale = scale
        self.baselines = baselines
        self.ledgerBinary = ledgerBinary
        directory = try BenchDirectory()
    }

    /// The ledger holding the first `events` events of the benchmark's generated stream.
    func generatedLedger(events: Int) throws -> GeneratedBenchLedger {
        if let built = ledgers[events] { return built }
        printError("ledger-bench: loading \(Self.label(events)) events")
        let built = try GeneratedBenchLedger(events: events, path: directory.file("generated-\(events).lmdb"))
        ledgers[events] = built
        let name = "\(Self.label(events)) events"
        loadResults += [
            BenchResult(workload: "ledger for (e)–(g)", case: name, metric: "append, 1,000 per commit", value: built.loadRate, unit: "events/s"),
            BenchResult(workload: "ledger for (e)–(g)", case: name, metric: "file size", value: built.fileMebibytes, unit: "MiB"),
        ]
        return built
    }

    /// The first `events` generated events, read from the baselines' events file as they are
    /// appended (again from the first, when the write is rerun): neither they nor the
    /// generator's state, which grows with the events, are held by the process.
    func generatedEventsAsRead(_ events: Int) throws -> LazyMapCollection<Range<Int>, PendingEvent> {
        if eventsReader == nil { eventsReader = try EventsFileReader(path: try baselineEventsFile()) }
        return eventsReader!.events(events)
    }

    /// The first `events` events of the generated stream, `perCommit` to a commit: what the
    /// workloads append to a new ledger, and what the baselines read from the events file.
    func generatedCommits(events: Int, perCommit: Int) -> [[PendingEvent]] {
        var generator = WorkloadGenerator(seed: 1)
        return stride(from: 0, to: events, by: perCommit).map { start in generator.batch(min(perCommit, events - start)) }
    }

    /// The ledger's run appending the first `events` generated events to a new ledger in
    /// durable commits of `perCommit`, made once and kept for every workload that compares
    /// with it.
    func ledgerRun(events: Int, perCommit: Int) throws -> CommitRun {
        let key = "\(events)-by-\(perCommit)"
        if let run = ledgerRuns[key] { return run }
        printError("ledger-bench: EventLedger, \(Self.label(events)) events, \(Self.label(perCommit)) per commit")
        let path = directory.file("durable-\(key).lmdb")
        defer { directory.removeLedger(path) }
        let run = try CommitRun.measure(
            try BenchDomains.ledger(at: path), commits: generatedCommits(events: events, perCommit: perCommit))
        ledgerRuns[key] = run
        return run
    }

    /// The storage limit's rate on the ledger file at `ledgerFile`, which its ledger has
    /// closed (see `Baselines.storageLimitRate`), its copy removed after; nil without the
    /// baselines.
    func storageLimitRate(of ledgerFile: String, readModelsOnly: Bool = false) throws -> Double? {
        guard let baselines else { return nil }
        printError("ledger-bench: storage limit of \(ledgerFile)\(readModelsOnly ? ", read-model tables" : "")")
        let copy = directory.file("same-bytes.lmdb")
        defer { directory.removeLedger(copy) }
        return try baselines.storageLimitRate(of: ledgerFile, copy: copy, readModelsOnly: readModelsOnly)
    }

    /// The run of `engine` appending the first `events` generated events in durable commits
    /// of `perCommit`, made once and kept for every workload that compares with it.
    func baselineRun(_ engine: Baselines.Engine, events: Int, perCommit: Int) throws -> CommitRun? {
        guard let baselines else { return nil }
        let key = directory.file("\(engine.program)-\(events)-by-\(perCommit).db")
        if let run = baselineRuns[key] { return run }
        printError("ledger-bench: \(engine.name), \(Self.label(events)) events, \(Self.label(perCommit)) per commit")
        let run = try baselines.append(
            engine, eventsFile: try baselineEventsFile(), database: key, events: events,
            perCommit: perCommit)
        baselineRuns[key] = run
        return run
    }

    /// The events file the baselines read, written on first use.
    private func baselineEventsFile() throws -> String {
        if let eventsFile { return eventsFile }
        let path = directory.file("events.bin")
        printError("ledger-bench: writing \(Self.label(scale.generatedEvents)) events for the baselines")
        try BaselineEventsFile.writeInChildProcess(events: scale.generatedEvents, to: path)
        eventsFile = path
        return path
    }

    /// `10k`, `1M`, or the number itself.
    static func label(_ events: Int) -> String {
        if events >= 1_000_000, events % 1_000_000 == 0 { return "\(events / 1_000_000)M" }
        if events >= 1_000, events % 1_000 == 0 { return "\(events / 1_000)k" }
        return String(events)
    }
}
