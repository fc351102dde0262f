/// The version of a ledger file's layout, as recorded in the file.
///
/// The record is an entry of the `checkpoints` table under a key no read model has (it
/// starts with a NUL byte), holding the version as a big-endian `u64`; its place never
/// changes, so every version of EventLedger can read it. Files written before versions were
/// recorded have no record: they are version 1. A damaged record (see `VersionRecord`) is
/// `.corruption`: the file's format is unknown, so it is neither read nor written.
enum FileFormat {
    /// The version of a file without a record.
    static let firstVersion = 1

    /// The key of the record in `checkpoints`.
    static let recordKey = Array("\u{0}format".utf8)

    /// The version recorded in the file at `path`, which `txn` reads, looking its `checkpoints`
    /// table up by name (before the tables are opened); `firstVersion` when there is no such table.
    static func storedVersion(_ txn: Transaction, of path: String) throws -> Int {
        guard let checkpoints = try txn.existingTable("checkpoints", of: path) else { return firstVersion }
        return try storedVersion(txn, checkpoints, of: path)
    }

    /// The version recorded in `checkpoints` of the file at `path`; `firstVersion` when there is
    /// no record, `.corruption` when the record is damaged.
    static func storedVersion(_ txn: Transaction, _ checkpoints: Table, of path: String) throws -> Int {
        guard let stored = try txn.get(checkpoints, recordKey) else { return firstVersion }
        guard let version = VersionRecord.version(stored) else {
            throw LedgerError(
                .corruption,
                "the format record of \(path) is damaged (\(VersionRecord.damage(stored))): "
                    + "the file's format is unknown, so it is neither read nor written")
        }
        return version
    }

    /// Records `version` in the file at `path`, which `txn` writes, looking its `checkpoints`
    /// table up by name (in the write that creates the tables).
    static func record(_ version: Int, _ txn: Transaction, of path: String) throws {
        guard let checkpoints = try txn.existingTable("checkpoints", of: path) else {
            throw LedgerError(.storage, "\(path) has no checkpoints table to record its format in")
        }
        try record(version, txn, checkpoints)
    }

    /// Records `version` in `checkpoints`.
    static func record(_ version: Int, _ txn: Transaction, _ checkpoints: Table) throws {
        try txn.put(checkpoints, recordKey, LedgerTables.bigEndian(UInt64(version)))
    }
}
