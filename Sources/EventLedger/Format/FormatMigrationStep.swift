/// One change of the file format, taking a file from one version to the next (rewriting a
/// table, rebuilding read models, …). Steps run when an older file is opened for writing.
struct FormatMigrationStep: Sendable {
    /// What the step does, for messages (e.g. "rewrites the rows of every read model").
    let summary: String
    /// Whether this EventLedger can read a file that has not had this step yet as it is, so
    /// that a read-only open of it needs no migration.
    let readableBefore: Bool
    /// Changes the file, inside the migration's one write transaction, which may run it
    /// again from the start (after growing the map): it must only read and write the file.
    let apply: @Sendable (LedgerCore, Transaction) throws -> Void
}
