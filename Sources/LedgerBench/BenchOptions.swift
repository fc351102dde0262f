/// The command line of `ledger-bench`.
struct BenchOptions {
    static let usage = """
        usage: ledger-bench [--quick] [--only LETTERS] [--json-out PATH] [--baselines DIR] [--ledger-binary PATH]
                            [--primary URL] [--bulk-events N] [--rebuild-events N] [--readme [PATH]]
          --quick               small sizes (ledgers of 10k, 20k, 50k events, 200 durable commits), under a minute
          --only LETTERS        run only the workloads with these letters, e.g. `--only abe` (default: a to l)
          --json-out PATH       where to write the results (default .build/bench/results.json)
          --baselines DIR       the compiled C baselines lmdb-baseline, sqlite-baseline, sqlite-same-work and
                                same-bytes-lmdb (tools/bench builds them); without it the comparisons with raw
                                LMDB, SQLite, the same-work SQLite peer and the storage limit are left out
          --ledger-binary PATH  the `ledger` tool for the cold-start workload (default: next to ledger-bench)
          --primary URL         a PostgreSQL server's database for (i), writes through a shared primary,
                                and (l), a sync of pending commits (tools/bench starts a server of its
                                own); without it (i) and (l) are left out
          --bulk-events N       (a) loads N events instead of the scale's (e.g. 10000000); the baselines
                                load as many
          --rebuild-events N    (e) rebuilds a generated ledger of N events instead of the largest ledger
                                (e.g. 10000000, to see how its memory grows)
          --readme [PATH]       rewrite the table between <!-- bench:begin --> and <!-- bench:end --> in PATH
                                (default docs/benchmarks.md, not README.md despite the name)
        """

    /// A command-line mistake.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    var quick = false
    var jsonPath = ".build/bench/results.json"
    var baselinesDirectory: String?
    var ledgerBinary: String?
    /// The file whose generated table `--readme` rewrites; nil: none.
    var tablePath: String?
    /// The primary of workload (i).
    var primary: String?
    /// The letters of the workloads to run; nil: all.
    var only: Set<Character>?
    /// The events (a) loads; nil: the scale's.
    var bulkEvents: Int?
    /// The events of the ledger (e) rebuilds; nil: the largest of the scale's ledgers.
    var rebuildEvents: Int?
    var showHelp = false

    /// The quick or the full scale, with the bulk load's size when one is given.
    var scale: BenchScale {
        var scale = quick ? BenchScale.quick : .full
        if let bulkEvents { scale.bulkEvents = bulkEvents }
        return scale
    }

    /// Whether to run `workload`, named `(x) …`.
    func includes(_ workload: any Workload) -> Bool {
        guard let only else { return true }
        return workload.name.dropFirst().first.map(only.contains) ?? false
    }

    init(_ arguments: ArraySlice<String>) throws {
        var remaining = arguments
        func value(_ option: String) throws -> String {
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            return value
        }
        func events(_ option: String) throws -> Int {
            let text = try value(option)
            guard let events = Int(text), events > 0 else {
                throw UsageError(description: "\(option) needs a number of events, not \(text)")
            }
            return events
        }
        while let argument = remaining.popFirst() {
            switch argument {
            case "--quick": quick = true
            case "--help", "-h": showHelp = true
            case "--json-out": jsonPath = try value(argument)
            case "--baselines": baselinesDirectory = try value(argument)
            case "--ledger-binary": ledgerBinary = try value(argument)
            case "--primary": primary = try value(argument)
            case "--only": only = Set(try value(argument))
            case "--bulk-events": bulkEvents = try events(argument)
            case "--rebuild-events": rebuildEvents = try events(argument)
            case "--readme":
                if let next = remaining.first, !next.hasPrefix("--") {
                    tablePath = remaining.popFirst()
                } else {
                    tablePath = BenchmarkTableSection.defaultPath
                }
            default: throw UsageError(description: "unknown argument \(argument)")
            }
        }
    }
}
