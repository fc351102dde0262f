/// The highest schema version at which the log holds events of each type, recorded in the
/// file so that a tool learns without reading the log whether it holds events of a newer
/// schema version than the tool's event types know.
///
/// Each is an entry of the `checkpoints` table under a key no read model has (it starts with
/// a NUL byte) and the type's name, holding the version as a big-endian `u64` (see
/// `VersionRecord`); a type without one has no events above version 1 in the log. The commit
/// that appends an event at a higher version than the one recorded for its type records it;
/// a file of a format before 3 gets them from one reading of its log when it is migrated
/// (`FormatMigrationStep.loggedSchemaVersions`).
///
/// A tool never reads an event of a newer schema version than its type knows as anything:
/// opening a file holding one for writing is refused (`.storage`, naming both versions), so
/// nothing is appended to it, no read model is rebuilt from it and nothing is imported into
/// it, and a rebuild that meets one stops. Reading the log (log, history, export, stats,
/// backup) needs no event decoded, and answers.
enum LoggedSchemaVersions {
    /// The key of `type`'s entry in `checkpoints`.
    static func key(_ type: String) -> [UInt8] {
        Array("\u{0}schema-version:\(type)".utf8)
    }

    /// The highest schema version above 1 of each type among the records noted.
    struct Highest {
        /// The highest version by type name.
        private(set) var versions: [String: Int] = [:]

        /// Notes `record`.
        mutating func note(_ record: EventRecordView) {
            let version = Int(record.schemaVersion)
            guard version > 1 else { return }
            let type = record.type
            versions[type] = max(versions[type] ?? version, version)
        }
    }

    /// Every recorded version by type name; `.corruption` naming the type when a record is damaged.
    static func recorded(_ txn: Transaction, _ checkpoints: Table) throws -> [String: Int] {
        var versions: [String: Int] = [:]
        let prefix = key("")
        try txn.withCursor(checkpoints) { cursor in
            try cursor.scan(prefix: prefix) { entry in
                let type = String(decoding: entry.key.dropFirst(prefix.count), as: UTF8.self)
                guard let version = VersionRecord.version(entry.value) else { throw damage(of: type, entry.value) }
                versions[type] = version
                return true
            }
        }
        return versions
    }

    /// Records that the log holds events of each type of `versions` at that version, where no
    /// higher one is recorded.
    static func raise(_ versions: [String: Int], _ txn: Transaction, _ checkpoints: Table) throws {
        for (type, version) in versions.sorted(by: { $0.key < $1.key }) where version > 1 {
            if let stored = try txn.get(checkpoints, key(type)) {
                guard let recorded = VersionRecord.version(stored) else { throw damage(of: type, stored) }
                if recorded >= version { continue }
            }
            try txn.put(checkpoints, key(type), LedgerTables.bigEndian(UInt64(version)))
        }
    }

    /// Throws the refusal of the file at `path`, whose log holds events at `logged` versions
    /// by type, when one is newer than its type in `catalog` knows. Types no domain of
    /// `catalog` has are left out: their events are read by no domain of the tool.
    static func requireKnown(_ logged: [String: Int], _ catalog: EventCatalog, path: String) throws {
        guard !logged.isEmpty else { return }
        let newer = logged.sorted { $0.key < $1.key }.compactMap { type, version -> String? in
            guard let known = try? catalog.entry(type).schemaVersion, version > known else { return nil }
            return clause(type, version, known: known)
        }
        guard !newer.isEmpty else { return }
        throw LedgerError(
            .storage,
            "\(path): the log holds \(newer.joined(separator: " and ")): this tool neither writes to the file "
                + "nor rebuilds its read models, as it cannot read those events", subject: path)
    }

    /// Throws the refusal of the file at `path`, which `txn` reads, when its log holds events
    /// of a newer schema version than their type in `catalog` knows (see `requireKnown`).
    static func requireKnown(_ catalog: EventCatalog, _ txn: Transaction, _ checkpoints: Table, path: String) throws {
        try requireKnown(recorded(txn, checkpoints), catalog, path: path)
    }

    /// The refusal to fold the event at `position`, a `type` event stored at schema version
    /// `version`, newer than the `known` one of its type: `.storage`, naming the position.
    static func refusal(at position: UInt64, _ type: String, _ version: Int, known: Int) -> LedgerError {
        LedgerError(
            .storage,
            "the event at position \(position) is one of the \(clause(type, version, known: known)): "
                + "this tool does not rebuild read models from it", subject: String(position))
    }

    /// `TYPE events of a newer schema version (VERSION; this tool's is KNOWN)`.
    private static func clause(_ type: String, _ version: Int, known: Int) -> String {
        "\(type) events of a newer schema version (\(version); this tool's is \(known))"
    }

    /// The error of a damaged record of `type`'s version.
    private static func damage(of type: String, _ bytes: UnsafeRawBufferPointer) -> LedgerError {
        LedgerError(
            .corruption,
            "the record of the highest schema version of the \(type) events in the log is damaged "
                + "(\(VersionRecord.damage(bytes))): whether this tool can read them is unknown", subject: type)
    }
}
