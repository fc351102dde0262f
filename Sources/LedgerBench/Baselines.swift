import EventLedger

/// The compiled C programs of tools/baselines that run the same workloads on raw LMDB and
/// on SQLite (WAL, synchronous=FULL), each in a process of its own.
struct Baselines {
    /// A baseline engine.
    enum Engine: CaseIterable {
        case lmdb, sqlite

        /// The name in the table: `raw LMDB`, `SQLite`.
        var name: String {
            switch self {
            case .lmdb: "raw LMDB"
            case .sqlite: "SQLite"
            }
        }

        var program: String {
            switch self {
            case .lmdb: "lmdb-baseline"
            case .sqlite: "sqlite-baseline"
            }
        }
    }

    /// The directory holding `lmdb-baseline` and `sqlite-baseline`.
    let directory: String

    /// Appends the first `events` events of `eventsFile` to a new database at `database`
    /// in durable commits of `perCommit` events.
    func append(_ engine: Engine, eventsFile: String, database: String, events: Int, perCommit: Int) throws -> CommitRun {
        let outcome = try ChildProcess.run(["\(directory)/\(engine.program)", eventsFile, database, String(events), String(perCommit)],
                                           captureOutput: true)
        return try CommitRun(engine: engine.name, database: database, baselineOutput: outcome.output)
    }

    /// Reads the whole log of a raw LMDB database made by `append` with a cursor: events per second.
    func scanRate(_ database: String) throws -> Double {
        let outcome = try ChildProcess.run(["\(directory)/\(Engine.lmdb.program)", "--scan", database], captureOutput: true)
        let run = try CommitRun(engine: Engine.lmdb.name, database: database, baselineOutput: outcome.output)
        return run.eventsPerSecond
    }
}
