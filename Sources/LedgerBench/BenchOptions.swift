/// The command line of `ledger-bench`.
struct BenchOptions {
    static let usage = """
        usage: ledger-bench [--quick] [--json-out PATH]
          --quick          small ledgers (10k, 20k, 50k events) instead of 10k, 100k, 1M
          --json-out PATH  where to write the results (default .build/bench/results.json)
        """

    /// A command-line mistake.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    var quick = false
    var jsonPath = ".build/bench/results.json"
    var showHelp = false

    /// The ledger sizes, in events, the workloads run against: smallest first.
    var sizes: [Int] { quick ? [10_000, 20_000, 50_000] : [10_000, 100_000, 1_000_000] }

    init(_ arguments: ArraySlice<String>) throws {
        var remaining = arguments
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--help", "-h": showHelp = true
            case "--json-out":
                guard let path = remaining.popFirst() else { throw UsageError(description: "--json-out needs a PATH") }
                jsonPath = path
            default: throw UsageError(description: "unknown argument \(argument)")
            }
        }
    }
}
