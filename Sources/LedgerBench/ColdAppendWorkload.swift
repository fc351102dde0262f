/// (h) One event appended by a new process, start-up included: `ledger append` against
/// the `sqlite3` CLI inserting the same event into the events table of the SQLite baseline
/// (WAL mode, `PRAGMA synchronous=FULL`). Each tool is spawned `scale.coldAppends` times,
/// the two taking turns so that both meet the same disk (its sync latency drifts), after
/// one untimed run of each that creates the files; the median wall time must be at most
/// 1.5× the CLI's.
struct ColdAppendWorkload: Workload {
    let name = "(h) cold append process"
    /// The table of tools/baselines/sqlite_baseline.c.
    static let sqliteSchema = """
        PRAGMA journal_mode=WAL; CREATE TABLE events(position INTEGER PRIMARY KEY, id BLOB NOT NULL, \
        stream TEXT NOT NULL, version INTEGER NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, \
        recorded_at INTEGER NOT NULL, UNIQUE(stream, version));
        """

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let ledgerBinary = context.ledgerBinary else {
            printError("ledger-bench: no ledger tool next to ledger-bench (--ledger-binary): \(name) left out")
            return []
        }
        let spawns = context.scale.coldAppends
        let label = "\(spawns) processes"
        let ledgerPath = context.directory.file("cold.lmdb")
        let ledgerAppend = { (number: Int) in
            [ledgerBinary, "--ledger", ledgerPath, "append", "ArtistCreated", Self.payload(number)]
        }
        guard let sqlite3 = ToolLocation.inPath("sqlite3") else {
            printError("ledger-bench: no sqlite3 in PATH: the comparison of \(name) left out")
            return rows(try timeSpawns(spawns, [ledgerAppend])[0], "\(label): EventLedger `ledger append`")
        }
        let sqlitePath = context.directory.file("cold.sqlite")
        _ = try ChildProcess.run([sqlite3, sqlitePath, Self.sqliteSchema])
        let sqliteInsert = { (number: Int) in
            [
                sqlite3, sqlitePath,
                """
                PRAGMA synchronous=FULL; INSERT INTO events(id, stream, version, type, data, recorded_at) \
                VALUES(randomblob(16), 'artist-cold-\(number)', 1, 'ArtistCreated', '\(Self.payload(number))', \
                CAST((julianday('now') - 2440587.5) * 86400000000 AS INTEGER));
                """,
            ]
        }
        let times = try timeSpawns(spawns, [ledgerAppend, sqliteInsert])
        let (ledger, cli) = (times[0], times[1])
        return rows(ledger, "\(label): EventLedger `ledger append`") + rows(cli, "\(label): sqlite3 CLI insert")
            + [
                .ratio(
                    name, "\(label): EventLedger `ledger append`", ledger.percentile(0.5), to: cli.percentile(0.5),
                    of: "sqlite3 CLI", atMost: 1.5)
            ]
    }

    /// The payload of the `number`th event: a new artist.
    private static func payload(_ number: Int) -> String {
        #"{"artistId":"cold-\#(number)","name":"Cold Start \#(number)"}"#
    }

    /// Wall times of `count` runs of each command `commands[i](n)`, the commands taking
    /// turns, after an untimed run of each `commands[i](0)`.
    private func timeSpawns(_ count: Int, _ commands: [(Int) -> [String]]) throws -> [Latencies] {
        for command in commands { _ = try ChildProcess.run(command(0)) }
        var latencies = commands.map { _ in Latencies() }
        for number in 1...count {
            for (index, command) in commands.enumerated() {
                latencies[index].record(seconds: try ChildProcess.run(command(number)).seconds)
            }
        }
        return latencies
    }

    private func rows(_ latencies: Latencies, _ case: String) -> [BenchResult] {
        [
            BenchResult(workload: name, case: `case`, metric: "p50", value: latencies.percentile(0.5) / 1000, unit: "ms"),
            BenchResult(workload: name, case: `case`, metric: "p90", value: latencies.percentile(0.9) / 1000, unit: "ms"),
        ]
    }
}
