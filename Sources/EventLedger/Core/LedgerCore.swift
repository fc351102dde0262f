/// An open ledger file as every part of a ledger sees it, and all that a part may use of the
/// others: the file and its tables, the plugged-in domains, the read models the file holds,
/// the way to the primary, and the writer. `Ledger` (open, append, read, log, observe),
/// sessions, undo, replication, interchange and maintenance each work through this and
/// never reach into one another.
final class LedgerCore: Sendable {
    /// The file the ledger lives in, as given.
    let path: String
    let environment: Environment
    let catalog: EventCatalog
    let tables: LedgerTables
    let readModelsInFile: ReadModelsInFile
    /// The held read models of plugged-in domains whose version record differs from their
    /// domain's version, by domain index, as found when the ledger was opened without bringing
    /// them up to date (for reading only, or keeping them): they are not queried.
    let readModelVersionMismatches: [Int: ReadModelVersions.Mismatch]
    /// The appends of this ledger's threads that share one durable commit.
    let groupCommit = GroupCommit()
    /// The way to the primary, when the ledger has one.
    let primary: PrimaryLink?
    /// Whether a write that cannot reach the primary is queued as a pending commit.
    let queuesWhenUnreachable: Bool

    /// Every write of this ledger's events goes through it.
    var writer: LedgerWriter { LedgerWriter(core: self) }

    /// Opens the ledger at `path` as `Ledger.init(path:domains:options:)` describes, knowing
    /// the file formats of `formats`. With `keepingReadModelVersions`, an opening for writing
    /// leaves the read models built by other versions of their domains as they are, neither
    /// rebuilt nor refused (a copy to verify).
    init(
        path: String, domains: [any LedgerDomain], options: Ledger.Options, formats: FileFormats,
        keepingReadModelVersions: Bool
    ) throws {
        self.path = path
        primary = options.primary.map { PrimaryLink($0, lockWait: options.writeLockWaiting.timeout) }
        queuesWhenUnreachable = options.primary != nil && options.whenUnreachable == .queue
        catalog = EventCatalog(domains: domains)
        let tableNames = LedgerTables.allNames(catalog.readModelTables)
        let location = try LedgerFileLocation(path)
        if location.exists {
            try location.requireOpenableFile()
        } else if options.createIfMissing {
            // A replica is made only with its primary at hand: an unreachable one leaves no file behind.
            try primary?.withLog { log in _ = try log.identity() }
            try Environment.createAtomically(
                path: location.canonicalPath, tableNames: tableNames, mapSize: options.initialMapSize,
                initialize: Self.newFileContents(catalog, formats, path: location.canonicalPath))
        } else {
            throw LedgerError(.storage, "no ledger at \(path)")
        }
        environment = try Environment(
            path: location.canonicalPath, mapSize: options.initialMapSize,
            readOnly: options.readOnly, maxTables: tableNames.count + LedgerTables.spareTableSlots,
            writeLockWaiting: options.writeLockWaiting, writesInPlace: options.writesInPlace)
        let (inFile, outdated) = try environment.read { [catalog] txn in
            (
                try ReadModelsInFile(catalog, txn, of: location.canonicalPath),
                try ReadModelVersions.mismatches(catalog, txn, try txn.existingTable("checkpoints", of: location.canonicalPath))
            )
        }
        if !options.readOnly { try inFile.requireKnown(path: path) }
        let opened = inFile.readModelTables(catalog, readOnly: options.readOnly, outdated: Set(outdated.keys))
        let bringsUpToDate = !options.readOnly && !keepingReadModelVersions
        let opening = try environment.openTables(LedgerTables.allNames(opened)) { [catalog] txn -> Opening in
            let version = try FileFormat.storedVersion(txn, of: location.canonicalPath)
            try formats.requireOpenable(version, path: path, readOnly: options.readOnly)
            guard let checkpoints = try txn.existingTable("checkpoints", of: location.canonicalPath) else { return Opening(version: version) }
            let mismatches = try ReadModelVersions.mismatches(catalog, txn, checkpoints).filter { !inFile.absent.contains($0.key) }
            // Refused here, before anything is created in the file.
            if !options.readOnly { try LoggedSchemaVersions.requireKnown(catalog, txn, checkpoints, path: path) }
            guard bringsUpToDate else { return Opening(version: version, mismatches: mismatches) }
            try ReadModelVersions.requireWritable(mismatches, catalog, path: path)
            let current = catalog.domains.indices.filter { !inFile.absent.contains($0) && mismatches[$0] == nil }
            return Opening(version: version, mismatches: mismatches, shapes: try TableShapes.check(catalog, current, txn, checkpoints, path: path))
        }
        tables = LedgerTables(environment: environment, readModelTables: opened)
        readModelsInFile = inFile
        let mismatches = opening.mismatches
        readModelVersionMismatches = bringsUpToDate ? [:] : mismatches
        if opening.version < formats.current, !options.readOnly { try formats.migrate(self) }
        let maintenance = Maintenance(core: self)
        if !opening.shapes.unrecorded.isEmpty || !opening.shapes.unstamped.isEmpty {
            try maintenance.recordTableShapes(opening.shapes.unrecorded, stamping: opening.shapes.unstamped)
        }
        if bringsUpToDate, !mismatches.isEmpty { try maintenance.rebuildOutdatedReadModels(Array(mismatches.keys)) }
        if !options.readOnly, !inFile.absent.isEmpty { try maintenance.addReadModels(inFile.absent) }
    }

    /// What an opening found in the file before anything is written to it: its format, the
    /// read models built by other versions of their domains, and those whose tables' shapes
    /// or this build's stamp are to be recorded (see `TableShapes.check`).
    private struct Opening {
        var version: Int
        var mismatches: [Int: ReadModelVersions.Mismatch] = [:]
        var shapes: (unrecorded: [Int], unstamped: [Int]) = ([], [])
    }

    /// What a new file at `path` holds besides its empty tables: its format and the versions
    /// of the read models of `catalog`.
    static func newFileContents(_ catalog: EventCatalog, _ formats: FileFormats, path: String) -> (Transaction) throws -> Void {
        { txn in
            try FileFormat.record(formats.current, txn, of: path)
            let checkpoints = try txn.existingTable("checkpoints", of: path)
            for domain in catalog.domains { try checkpoints.map { try ReadModelVersions.record(domain, txn, $0) } }
        }
    }

    /// The record of the event at `position`, read in `txn`: one the log's head says it
    /// holds (a position it lacks is `.corruption`).
    func record(_ txn: Transaction, at position: UInt64) throws -> UnsafeRawBufferPointer {
        guard let bytes = try txn.get(tables.log, LedgerTables.bigEndian(position)) else {
            throw LedgerError(.corruption, "position \(position) is missing from the log", subject: String(position))
        }
        return bytes
    }

    /// The events of the log after `position`, read in `txn`.
    func recordedEvents(after position: UInt64, _ txn: Transaction) throws -> [RecordedEvent] {
        try recordedEvents(from: position + 1, through: .max, txn)
    }

    /// The events of the log from position `first` through `last`, read in `txn`.
    func recordedEvents(from first: UInt64, through last: UInt64, _ txn: Transaction) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        try txn.withCursor(tables.log) { cursor in
            var entry = try cursor.seek(atLeast: LedgerTables.bigEndian(first))
            while let current = entry {
                let position = LedgerTables.readBigEndian(current.key)
                guard position <= last else { break }
                events.append(try RecordedEvent(EventRecordView(current.value, position: position)))
                entry = try cursor.next()
            }
        }
        return events
    }

    /// Runs `body` with a consistent snapshot of the current read models, whatever versions
    /// built them: for a query, whose own read model was checked. A replica's pending commits
    /// are applied to them (in the queue's overlay, made again first when the log moved since),
    /// unless `confirmed`; opened for reading only, a file whose overlay would have to be made
    /// again is read without them.
    func readAnyVersion<T>(confirmed: Bool = false, _ body: (ReadModelReader) throws -> T) throws -> T {
        var confirmed = confirmed
        while true {
            let read: T? = try environment.read { txn in
                let confirmedState = StoredReadModel(txn, tables: tables.readModels)
                guard !confirmed, let queue = try PendingQueue.existing(self, txn), try queue.hasCommits() else {
                    return try body(ReadModelReader(confirmedState))
                }
                let overlay = try SessionOverlay(queue.record, of: self)
                guard overlay.isMade(on: try LogHead(txn, tables)) else { return nil }
                return try body(ReadModelReader(overlay))
            }
            if let read { return read }
            if environment.readOnly {
                confirmed = true
            } else {
                try writer.writeOutsideLog { txn in _ = try PendingQueue.opened(self, txn).madeStager() }
            }
        }
    }
}
