import EventLedger

/// (a) The first `bulkEvents` generated events appended to a new ledger in one commit
/// (one `append(_:)` call, which reads a batch this large as it appends it), read from the
/// baselines' events file, so that the generator's state is not in the process. The ledger opens
/// as an app opens one (default initial map); the append grows the map for its size before
/// it starts. The same events are then loaded into a ledger that does not exist yet
/// (`Ledger.build(at:domains:appending:)`), which builds the file in place and links it whole.
///
/// Each load is compared with the storage limit of the file it produced: every table of
/// that file written as stored into a new LMDB file, in key order, in one durable
/// transaction, which no writer of this file format can beat. Target: at least 0.25× it.
/// Raw LMDB, SQLite and the same-work SQLite peer writing the same events in one
/// transaction are given as ratios without a target. Memory targets on the anonymous peak:
/// the open ledger's under 640 MiB (the 512 MiB of dirty pages LMDB keeps before it spills
/// them to the file, plus 128 MiB), the new file's (written in place) under 300 MB (286 MiB).
struct BulkLoadWorkload: Workload {
    let name = "(a) bulk load"
    let minimumOfStorageLimit = 0.25
    let openLedgerMaximumMebibytes = 512.0 + 128
    let newFileMaximumMebibytes = 300_000_000.0 / 1_048_576

    func run(in context: BenchContext) throws -> [BenchResult] {
        let events = context.scale.bulkEvents
        let label = "\(BenchContext.label(events)) events, one commit"
        // The ledger is closed before the next load: LMDB keeps the pages a write transaction
        // copied for reuse until then.
        let opened = try load(context.directory.file("bulk.lmdb"), in: context, maximumMebibytes: openLedgerMaximumMebibytes) {
            path in
            try CommitRun.measure(
                Ledger(path: path, domains: BenchDomains.all), streaming: try context.generatedEventsAsRead(events),
                engine: "EventLedger")
        }
        let built = try load(context.directory.file("bulk-new.lmdb"), in: context, maximumMebibytes: newFileMaximumMebibytes) {
            path in
            try CommitRun.measure(
                newLedgerAt: path, streaming: try context.generatedEventsAsRead(events), engine: "EventLedger, new file")
        }
        var results: [BenchResult] = []
        for load in [opened, built] {
            let runCase = "\(label): \(load.run.engine)"
            results += load.run.rows(name, label)
            results.append(
                BenchResult(
                    workload: name, case: runCase, metric: "peak anonymous RSS (sampled)",
                    value: load.peakAnonymousMebibytes, unit: "MiB",
                    target: .atMost(load.maximumMebibytes, load.peakAnonymousMebibytes)))
            guard let storageLimit = load.storageLimit else { continue }
            results += [
                BenchResult(
                    workload: name, case: "\(runCase), storage limit of its file", metric: "rate",
                    value: storageLimit, unit: "events/s"),
                .ratio(
                    name, runCase, load.run.eventsPerSecond, to: storageLimit, of: "storage limit",
                    atLeast: minimumOfStorageLimit),
            ]
        }
        for engine in Baselines.Engine.allCases {
            guard let baseline = try context.baselineRun(engine, events: events, perCommit: events) else { continue }
            results += baseline.rows(name, label)
            for load in [opened, built] {
                results.append(
                    .ratio(
                        name, "\(label): \(load.run.engine)", load.run.eventsPerSecond, to: baseline.eventsPerSecond,
                        of: engine.name))
            }
        }
        return results
    }

    /// One load and what is measured of it.
    private struct Load {
        let run: CommitRun
        let peakAnonymousMebibytes: Double
        /// The memory target of `peakAnonymousMebibytes`.
        let maximumMebibytes: Double
        /// The storage limit of the file the load produced, in events/s; nil without the baselines.
        let storageLimit: Double?
    }

    /// Runs `measure`, which loads the events into the ledger at `path` and closes it, sampling
    /// its anonymous memory; then the storage limit of the file, which is removed after.
    private func load(
        _ path: String, in context: BenchContext, maximumMebibytes: Double,
        _ measure: @escaping (String) throws -> CommitRun
    ) throws -> Load {
        defer { context.directory.removeLedger(path) }
        let (run, peakAnonymous) = try ProcessMemory.samplingAnonymousPeak { try measure(path) }
        return Load(
            run: run, peakAnonymousMebibytes: peakAnonymous, maximumMebibytes: maximumMebibytes,
            storageLimit: try context.storageLimitRate(of: path))
    }
}
