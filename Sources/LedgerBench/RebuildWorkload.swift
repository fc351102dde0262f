/// `ledger.rebuild()` of the largest ledger: every read model dropped and folded again
/// from the log. Reports the rate and the resident memory of the rebuild alone: the peak
/// (`VmHWM`, which counts the pages of the memory-mapped ledger file the rebuild touches)
/// and the largest anonymous (heap) part seen at the rebuild's progress calls.
struct RebuildWorkload: Workload {
    let name = "rebuild"

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let size = context.sizes.last else { return [] }
        let generated = try context.generatedLedger(events: size)
        let label = "\(BenchContext.label(size)) events"
        let before = ProcessMemory.currentMebibytes
        var peakAnonymous = ProcessMemory.anonymousMebibytes
        ProcessMemory.resetPeak()
        let report = try generated.ledger.rebuild { _, _ in
            peakAnonymous = max(peakAnonymous, ProcessMemory.anonymousMebibytes)
        }
        let peak = ProcessMemory.peakMebibytes
        return [
            BenchResult(workload: name, case: label, metric: "rate", value: report.eventsPerSecond, unit: "events/s"),
            BenchResult(workload: name, case: label, metric: "time", value: report.seconds, unit: "s"),
            BenchResult(workload: name, case: label, metric: "RSS before", value: before, unit: "MiB"),
            BenchResult(workload: name, case: label, metric: "peak RSS (VmHWM)", value: peak, unit: "MiB"),
            BenchResult(workload: name, case: label, metric: "peak anonymous RSS (sampled)", value: peakAnonymous, unit: "MiB"),
        ]
    }
}
