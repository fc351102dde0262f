/// One benchmark: it measures something against the context's ledgers and reports rows.
/// A new workload is a new file with a type conforming to this, listed in `main.swift`.
protocol Workload {
    /// The name shown in the table, the JSON and the progress lines.
    var name: String { get }
    /// Runs the measurements.
    func run(in context: BenchContext) throws -> [BenchResult]
}
