import EventLedger

/// The compiled C programs of tools/baselines that run the same workloads on raw LMDB, on
/// SQLite (WAL, synchronous=FULL) and on the same-work SQLite peer (the same events with
/// the ledger's rules, read models and history done in SQLite), each in a process of its own;
/// and the storage limit of the ledger's file format, which writes a ledger file's tables
/// into a new LMDB file as they are stored.
struct Baselines {
    /// A baseline engine.
    enum Engine: CaseIterable {
        case lmdb, sqlite, sameWorkSQLite

        /// The name in the table: `raw LMDB`, `SQLite`, `same-work SQLite`.
        var name: String {
            switch self {
            case .lmdb: "raw LMDB"
            case .sqlite: "SQLite"
            case .sameWorkSQLite: "same-work SQLite"
            }
        }

        /// The program's file name in the baselines directory.
        var program: String {
            switch self {
            case .lmdb: "lmdb-baseline"
            case .sqlite: "sqlite-baseline"
            case .sameWorkSQLite: "sqlite-same-work"
            }
        }
    }

    /// The program that copies a ledger file's tables as they are: the storage limit.
    static let storageLimitProgram = "same-bytes-lmdb"

    /// The directory holding `lmdb-baseline`, `sqlite-baseline`, `sqlite-same-work` and `same-bytes-lmdb`.
    let directory: String

    /// Appends the first `events` events of `eventsFile` to a new database at `database`
    /// in durable commits of `perCommit` events.
    func append(_ engine: Engine, eventsFile: String, database: String, events: Int, perCommit: Int) throws -> CommitRun {
        let outcome = try ChildProcess.run(
            ["\(directory)/\(engine.program)", eventsFile, database, String(events), String(perCommit)],
            captureOutput: true)
        return try CommitRun(engine: engine.name, database: database, baselineOutput: outcome.output)
    }

    /// Reads the whole log of a raw LMDB database made by `append` with a cursor: events per second.
    func scanRate(_ database: String) throws -> Double {
        let outcome = try ChildProcess.run(["\(directory)/\(Engine.lmdb.program)", "--scan", database], captureOutput: true)
        let run = try CommitRun(engine: Engine.lmdb.name, database: database, baselineOutput: outcome.output)
        return run.eventsPerSecond
    }

    /// The storage limit of the ledger file at `ledgerFile`, which its ledger has closed:
    /// every entry of its tables (or of its read-model tables alone, when `readModelsOnly`)
    /// written as stored, in key order, to a new LMDB file at `copy` in one durable
    /// transaction. Its rate: the ledger's events (the entries of its log) per second.
    func storageLimitRate(of ledgerFile: String, copy: String, readModelsOnly: Bool) throws -> Double {
        let arguments = ["\(directory)/\(Self.storageLimitProgram)", ledgerFile, copy] + (readModelsOnly ? ["--read-models"] : [])
        let outcome = try ChildProcess.run(arguments, captureOutput: true)
        let run = try CommitRun(engine: "storage limit", database: copy, baselineOutput: outcome.output)
        return run.eventsPerSecond
    }
}
