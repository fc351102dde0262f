/// The file formats an EventLedger reads: version 1 and one more for each migration step.
///
/// `steps[i]` takes a file from version `i + 1` to `i + 2`, so the next format change adds
/// one step at the end of `released`. A file opened for writing has every step it lacks run
/// in one write transaction, which then records the current version: an interrupted or
/// failed migration leaves the file as it was.
struct FileFormats: Sendable {
    /// The migration steps, oldest first.
    let steps: [FormatMigrationStep]

    /// The formats of this release: format 2 keeps a form session as an entry per staged event,
    /// format 3 records the highest schema version of each event type in the log.
    static let released = FileFormats(steps: [.sessionEntries, .loggedSchemaVersions])

    /// The version this EventLedger writes.
    var current: Int { FileFormat.firstVersion + steps.count }

    /// The steps a file of `version` lacks, oldest first.
    func steps(from version: Int) -> ArraySlice<FormatMigrationStep> {
        steps[min(max(version - FileFormat.firstVersion, 0), steps.count)...]
    }

    /// Throws when the file at `path`, of `version`, cannot be opened as asked: when it is
    /// newer than this EventLedger knows, or, for reading only, older and not readable as it is.
    func requireOpenable(_ version: Int, path: String, readOnly: Bool) throws {
        guard version <= current else {
            throw LedgerError(.storage, "\(path) was written by a newer EventLedger (format \(version); this one reads up to \(current))")
        }
        guard readOnly, let step = steps(from: version).first(where: { !$0.readableBefore }) else { return }
        throw LedgerError(
            .storage,
            """
            \(path) is in format \(version), which this EventLedger reads only once migrated to format \(current) \
            (\(step.summary)): open it once for writing, as a rebuild does, to migrate it
            """)
    }

    /// Runs the steps the ledger's file lacks in one write transaction and records the
    /// current version; does nothing when another process migrated it meanwhile.
    func migrate(_ core: LedgerCore) throws {
        try core.environment.write { txn in
            let checkpoints = core.tables.checkpoints
            let version = try FileFormat.storedVersion(txn, checkpoints, of: core.path)
            try requireOpenable(version, path: core.path, readOnly: false)
            guard version < current else { return }
            for step in steps(from: version) { try step.apply(core, txn) }
            try FileFormat.record(current, txn, checkpoints)
        }
    }
}
