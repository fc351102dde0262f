/// (e) Every read model dropped and folded again from the log of the largest ledger: in
/// process (`ledger.rebuild()`), and as a `ledger rebuild` process of its own, whose peak
/// memory is the rebuild's alone. Compared with a raw LMDB cursor scan of the same number
/// of events (the floor: reading the log and nothing else). The ledger is the largest of the
/// scale's, or one of `events` events when given. Targets: 1,000,000 events/s,
/// and peak memory under 300 MB (286 MiB). It rebuilds a copy (`Ledger.backup`), so the
/// workloads after it read the ledger as its appends wrote it.
struct RebuildWorkload: Workload {
    let name = "(e) rebuild"
    let minimumRate = 1_000_000.0
    let maximumMebibytes = 300_000_000.0 / 1_048_576
    /// The events of the ledger rebuilt; nil: the largest of the scale's ledgers.
    let events: Int?

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let size = events ?? context.sizes.last else { return [] }
        let copy = context.directory.file("rebuilt.lmdb")
        defer { context.directory.removeLedger(copy) }
        try context.generatedLedger(events: size).ledger.backup(to: copy)
        let ledger = try BenchDomains.ledger(at: copy)
        let label = "\(BenchContext.label(size)) events"
        let before = ProcessMemory.currentMebibytes
        var peakAnonymous = ProcessMemory.anonymousMebibytes
        let (report, peak) = try ProcessMemory.measuringPeak {
            try ledger.rebuild { _, _ in
                peakAnonymous = max(peakAnonymous, ProcessMemory.anonymousMebibytes)
            }
        }
        let inProcess = "\(label), in process"
        var results = [
            BenchResult(
                workload: name, case: inProcess, metric: "rate", value: report.eventsPerSecond, unit: "events/s",
                target: .atLeast(minimumRate, report.eventsPerSecond)),
            BenchResult(workload: name, case: inProcess, metric: "time", value: report.seconds, unit: "s"),
            BenchResult(workload: name, case: inProcess, metric: "RSS before", value: before, unit: "MiB"),
            BenchResult(workload: name, case: inProcess, metric: "peak RSS (VmHWM)", value: peak, unit: "MiB"),
            BenchResult(workload: name, case: inProcess, metric: "peak anonymous RSS (sampled)", value: peakAnonymous, unit: "MiB"),
        ]
        if let ledgerBinary = context.ledgerBinary {
            results += try rebuildProcess(ledgerBinary, copy, events: size, label: "\(label), `ledger rebuild` process")
        }
        let bulk = context.scale.bulkEvents
        if let baseline = try context.baselineRun(.lmdb, events: bulk, perCommit: bulk), let database = baseline.database,
            let baselines = context.baselines
        {
            let scanRate = try baselines.scanRate(database)
            results.append(
                BenchResult(
                    workload: name, case: "\(BenchContext.label(bulk)) events: raw LMDB log scan",
                    metric: "rate", value: scanRate, unit: "events/s"))
            results.append(.ratio(name, inProcess, report.eventsPerSecond, to: scanRate, of: "raw LMDB log scan"))
        }
        return results
    }

    /// Rows of a `ledger rebuild --quiet` process on the ledger: its rate (start-up
    /// included) and peak memory, in total and the anonymous (heap) part. The memory target
    /// is on the anonymous part: the rest is pages of the memory-mapped ledger file, clean
    /// page-cache pages shared with every process reading the file, which the kernel drops
    /// when it needs the memory.
    private func rebuildProcess(_ ledgerBinary: String, _ path: String, events: Int, label: String) throws -> [BenchResult] {
        let outcome = try ChildProcess.run([ledgerBinary, "--ledger", path, "rebuild", "--quiet"], sampleMemory: true)
        let rate = Double(events) / outcome.seconds
        let anonymous = outcome.peakAnonymousMebibytes ?? .nan
        return [
            BenchResult(
                workload: name, case: label, metric: "rate", value: rate, unit: "events/s",
                target: .atLeast(minimumRate, rate)),
            BenchResult(
                workload: name, case: label, metric: "peak RSS (incl. mapped file)",
                value: outcome.peakMebibytes, unit: "MiB"),
            BenchResult(
                workload: name, case: label, metric: "peak anonymous RSS (sampled)", value: anonymous, unit: "MiB",
                target: .atMost(maximumMebibytes, anonymous)),
        ]
    }
}
