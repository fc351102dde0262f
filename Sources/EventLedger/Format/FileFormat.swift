/// The version of a ledger file's layout, as recorded in the file.
///
/// The record is an entry of the `checkpoints` table under a key no read model has (it
/// starts with a NUL byte), holding the version as a big-endian `u64`; its place never
/// changes, so every version of EventLedger can read it. Files written before versions were
/// recorded have no record: they are version 1.
enum FileFormat {
    /// The version of a file without a record.
    static let firstVersion = 1

    /// The key of the record in `checkpoints`.
    static let recordKey = Array("\u{0}format".utf8)

    /// The version recorded in the file at `path`, which `txn` reads, looking its `checkpoints`
    /// table up by name (before the tables are opened); `firstVersion` when there is no such table.
    static func storedVersion(_ txn: Transaction, of path: String) throws -> Int {
        guard let checkpoints = try txn.existingTable("checkpoints", of: path) else { return firstVersion }
        return try storedVersion(txn, checkpoints)
    }

    /// The version recorded in `checkpoints`; `firstVersion` when there is no record.
    static func storedVersion(_ txn: Transaction, _ checkpoints: Table) throws -> Int {
        guard let stored = try txn.get(checkpoints, recordKey) else { return firstVersion }
        return Int(clamping: LedgerTables.readBigEndian(stored))
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
