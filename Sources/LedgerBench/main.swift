import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// `ledger-bench [--quick] [--only LETTERS] [--json-out PATH] [--baselines DIR] [--ledger-binary PATH] [--primary URL]
/// [--bulk-events N] [--rebuild-events N] [--readme [PATH]]`:
/// runs every workload against new ledgers in a temporary directory, and the same
/// workloads on the C baselines, prints a table and writes the results as JSON.
// As the `ledger` tool does: blocks of 128 KiB and more mapped on their own and given back
// when freed, so that a commit of millions of events does not grow the heap as it goes.
ProcessAllocator.giveLargeBlocksBackWhenFreed()
// The parts ledger-bench runs in processes of their own: a replica writing through the
// primary, and the writing of the baselines' events file.
let childParts: [String: ([String]) throws -> Void] = [
    PrimaryWriter.option: PrimaryWriter.run, BaselineEventsFile.option: BaselineEventsFile.run,
]
if let option = CommandLine.arguments.dropFirst().first, let part = childParts[option] {
    do {
        try part(Array(CommandLine.arguments.dropFirst(2)))
        exit(0)
    } catch {
        printError("ledger-bench: error: \(error)")
        exit(1)
    }
}
let options: BenchOptions
do {
    options = try BenchOptions(CommandLine.arguments.dropFirst())
} catch {
    printError("ledger-bench: error: \(error)\n\(BenchOptions.usage)")
    exit(2)
}
if options.showHelp {
    print(BenchOptions.usage)
    exit(0)
}

let scale = options.scale
let workloads: [any Workload] = [
    BulkLoadWorkload(), DurableCommitWorkload.batches(scale), DurableCommitWorkload.singles(scale),
    ConcurrentWritersWorkload(), RebuildWorkload(events: options.rebuildEvents), AsOfQueryWorkload(), CurrentStateQueryWorkload(),
    ColdAppendWorkload(),
    PrimaryWorkload(primary: options.primary), ObserveLatencyWorkload(), FormSessionWorkload(),
    OfflineSyncWorkload(primary: options.primary),
].filter(options.includes)
do {
    let loadAtStart = SystemLoad.averages
    let context = try BenchContext(
        scale: scale, baselines: options.baselinesDirectory.map(Baselines.init(directory:)),
        ledgerBinary: options.ledgerBinary ?? ToolLocation.besideThisProgram("ledger"))
    defer { context.directory.remove() }
    if context.baselines == nil {
        printError("ledger-bench: no --baselines: the comparisons with raw LMDB, SQLite and the same-work SQLite peer are left out")
    }
    var results: [BenchResult] = []
    for workload in workloads {
        printError("ledger-bench: \(workload.name)")
        results += try workload.run(in: context)
    }
    let report = BenchReport(
        mode: options.quick ? "quick" : "full", results: results + context.loadResults,
        loadAtStart: loadAtStart, loadAtEnd: SystemLoad.averages)
    print(report.table)
    print("\n\(report.conditions)")
    for result in report.missed {
        print(
            "missed: \(result.workload), \(result.case): \(result.metric) \(BenchReport.formatted(result.value)) \(result.unit) (target \(result.target!.bound))"
        )
    }
    try report.writeJSON(to: options.jsonPath)
    printError("ledger-bench: results written to \(options.jsonPath)")
    if let tablePath = options.tablePath {
        try BenchmarkTableSection.rewrite(tablePath, with: report.markdown)
        printError("ledger-bench: table written to \(tablePath)")
    }
} catch {
    printError("ledger-bench: error: \(error)")
    exit(1)
}
