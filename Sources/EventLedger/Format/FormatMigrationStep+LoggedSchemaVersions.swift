extension FormatMigrationStep {
    /// Format 3: the file records the highest schema version of each event type in its log
    /// (see `LoggedSchemaVersions`), read here from every event of the log, once. A log that
    /// holds events of a newer schema version than this tool knows is refused as a file of
    /// format 3 would be, and the file is left as it was. Format 2 is read as it is: reading
    /// needs no record.
    static let loggedSchemaVersions = FormatMigrationStep(
        summary: "records the highest schema version of each event type in the log", readableBefore: true
    ) { core, txn in
        var highest = LoggedSchemaVersions.Highest()
        try txn.withCursor(core.tables.log) { cursor in
            try cursor.scan(prefix: []) { entry in
                highest.note(try EventRecordView(entry.value, position: LedgerTables.readBigEndian(entry.key)))
                return true
            }
        }
        try LoggedSchemaVersions.requireKnown(highest.versions, core.catalog, path: core.path)
        try LoggedSchemaVersions.raise(highest.versions, txn, core.tables.checkpoints)
    }
}
