#if canImport(Glibc)
import Glibc
#endif

/// `ledger-bench [--quick] [--json-out PATH]`: runs every workload against generated
/// ledgers in a temporary directory, prints a table and writes the results as JSON.
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

let workloads: [any Workload] = [AsOfQueryWorkload(), RebuildWorkload(), CurrentStateQueryWorkload()]
do {
    let context = try BenchContext(sizes: options.sizes)
    defer { context.directory.remove() }
    var results: [BenchResult] = []
    for workload in workloads {
        printError("ledger-bench: \(workload.name)")
        results += try workload.run(in: context)
    }
    let report = BenchReport(mode: options.quick ? "quick" : "full", results: context.loadResults + results)
    print(report.table)
    try report.writeJSON(to: options.jsonPath)
    printError("ledger-bench: results written to \(options.jsonPath)")
} catch {
    printError("ledger-bench: error: \(error)")
    exit(1)
}
