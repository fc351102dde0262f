/// (e) Every read model dropped and folded again from the log of the largest ledger: in
/// process (`ledger.rebuild()`), and as a `ledger rebuild` process of its own, whose peak
/// memory is the rebuild's alone. The ledger is the largest of the scale's, or one of
/// `events` events when given. It rebuilds a copy (`Ledger.backup`), so the workloads after
/// it read the ledger as its appends wrote it.
///
/// Each rebuild is compared with the storage limit of the read-model tables it writes: those
/// tables of the rebuilt copy written as stored into a new LMDB file, in key order, in one
/// durable transaction, which no rebuild writing this file format can beat. Targets: at
/// least 0.5× it, and the process's anonymous peak under 300 MB (286 MiB). A raw LMDB cursor
/// scan of as many events as (a) loads (reading a log and nothing else) is given without a
/// target.
struct RebuildWorkload: Workload {
    let name = "(e) rebuild"
    let minimumOfStorageLimit = 0.5
    let maximumMebibytes = 300_000_000.0 / 1_048_576
    /// The events of the ledger rebuilt; nil: the largest of the scale's ledgers.
    let events: Int?

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let size = events ?? context.sizes.last else { return [] }
        let copy = context.directory.file("rebuilt.lmdb")
        defer { context.directory.removeLedger(copy) }
        try context.generatedLedger(events: size).ledger.backup(to: copy)
        let label = "\(BenchContext.label(size)) events"
        let inProcess = "\(label), in process"
        let (inProcessRate, inProcessRows) = try rebuildInProcess(copy, label: inProcess)
        var rates = [(inProcess, inProcessRate)]
        var results = inProcessRows
        if let ledgerBinary = context.ledgerBinary {
            let process = "\(label), `ledger rebuild` process"
            let (processRate, processRows) = try rebuildProcess(ledgerBinary, copy, events: size, label: process)
            rates.append((process, processRate))
            results += processRows
        }
        if let storageLimit = try context.storageLimitRate(of: copy, readModelsOnly: true) {
            results.append(
                BenchResult(
                    workload: name, case: "\(label): storage limit (read-model tables)", metric: "rate",
                    value: storageLimit, unit: "events/s"))
            for (label, rate) in rates {
                results.append(
                    .ratio(
                        name, label, rate, to: storageLimit, of: "storage limit (read-model tables)",
                        atLeast: minimumOfStorageLimit))
            }
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
            results.append(.ratio(name, inProcess, inProcessRate, to: scanRate, of: "raw LMDB log scan"))
        }
        return results
    }

    /// The rate and rows of `ledger.rebuild()` on the ledger at `path`, opened for it and
    /// closed on return: its rate, time and memory.
    private func rebuildInProcess(_ path: String, label: String) throws -> (Double, [BenchResult]) {
        let ledger = try BenchDomains.ledger(at: path)
        let before = ProcessMemory.currentMebibytes
        var peakAnonymous = ProcessMemory.anonymousMebibytes
        let (report, peak) = try ProcessMemory.measuringPeak {
            try ledger.rebuild { _, _ in
                peakAnonymous = max(peakAnonymous, ProcessMemory.anonymousMebibytes)
            }
        }
        return (
            report.eventsPerSecond,
            [
                BenchResult(workload: name, case: label, metric: "rate", value: report.eventsPerSecond, unit: "events/s"),
                BenchResult(workload: name, case: label, metric: "time", value: report.seconds, unit: "s"),
                BenchResult(workload: name, case: label, metric: "RSS before", value: before, unit: "MiB"),
                BenchResult(workload: name, case: label, metric: "peak RSS (VmHWM)", value: peak, unit: "MiB"),
                BenchResult(workload: name, case: label, metric: "peak anonymous RSS (sampled)", value: peakAnonymous, unit: "MiB"),
            ]
        )
    }

    /// The rate and rows of a `ledger rebuild --quiet` process on the ledger: its rate
    /// (start-up included) and peak memory, in total and the anonymous (heap) part. The
    /// memory target is on the anonymous part: the rest is pages of the memory-mapped ledger
    /// file, clean page-cache pages shared with every process reading the file, which the
    /// kernel drops when it needs the memory.
    private func rebuildProcess(_ ledgerBinary: String, _ path: String, events: Int, label: String) throws -> (Double, [BenchResult]) {
        let outcome = try ChildProcess.run([ledgerBinary, "--ledger", path, "rebuild", "--quiet"], sampleMemory: true)
        let rate = Double(events) / outcome.seconds
        let anonymous = outcome.peakAnonymousMebibytes ?? .nan
        return (
            rate,
            [
                BenchResult(workload: name, case: label, metric: "rate", value: rate, unit: "events/s"),
                BenchResult(
                    workload: name, case: label, metric: "peak RSS (incl. mapped file)",
                    value: outcome.peakMebibytes, unit: "MiB"),
                BenchResult(
                    workload: name, case: label, metric: "peak anonymous RSS (sampled)", value: anonymous, unit: "MiB",
                    target: .atMost(maximumMebibytes, anonymous)),
            ]
        )
    }
}
