import EventLedger
import EventLedgerPostgreSQL
import LedgerWorkload

/// One replica process of workload (i): `ledger-bench --primary-writer URL PATH WRITER COUNT`
/// opens the replica at PATH with the primary at URL, appends the first COUNT generated events
/// made private to writer WRITER, one durable commit each, and prints the latency of each
/// commit in microseconds, one a line.
enum PrimaryWriter {
    /// The option that runs this process as a writer.
    static let option = "--primary-writer"

    /// Runs the writer with `arguments` (URL PATH WRITER COUNT).
    static func run(_ arguments: [String]) throws {
        guard arguments.count == 4, let writer = Int(arguments[2]), let count = Int(arguments[3]) else {
            throw LedgerError(.invalidInput, "usage: ledger-bench \(option) URL PATH WRITER COUNT")
        }
        let ledger = try Ledger(path: arguments[1], domains: BenchDomains.all, options: Ledger.Options(primary: PostgreSQLPrimary(arguments[0])))
        var generator = WorkloadGenerator(seed: 1)
        var latencies = Latencies()
        for event in WriterEvents.privatized(generator.batch(count), writer: writer) {
            _ = try latencies.time { try ledger.append([event]) }
        }
        print(latencies.microseconds.map { String($0) }.joined(separator: "\n"))
    }
}
