#if canImport(Glibc)
import Glibc
#endif

/// An event ledger in one LMDB file: an append-only log of domain events and the read
/// models the plugged-in domains fold it into, kept consistent in the same transactions.
///
/// ```swift
/// let ledger = try Ledger(path: "music.lmdb", domains: [MusicDomain()])
/// try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
/// let artists = try ledger.query("artists")
/// ```
///
/// Every method throws `LedgerError` only.
public final class Ledger: Sendable {
    /// How to open a ledger.
    public struct Options: Sendable {
        /// The initial size of the memory map; it grows by itself when full.
        public var initialMapSize: Int
        /// Create the file when it does not exist (otherwise opening a missing file fails).
        public var createIfMissing: Bool
        /// Open for reading only: writes fail, the file is never created or changed, and
        /// opening never waits for a writer.
        public var readOnly: Bool
        /// How a write waits while another process writes to the ledger: by default as long
        /// as it takes, silently.
        public var writeLockWaiting: WriteLockWaiting
        /// The primary whose replica this file is (such as a `PostgreSQLPrimary`), or nil
        /// for a ledger of its own. Every write goes through the primary; reads never wait
        /// for it, and `sync()` catches up with it. A file that does not exist yet is created
        /// only once the primary has answered. Waiting for the primary's write lock is
        /// bounded by `writeLockWaiting.timeout` when given.
        public var primary: (any LedgerPrimary)?
        /// Commits write their pages into the mapped file instead of copying them in memory
        /// first: for a file being built that nothing else opens (see `Environment.init`).
        var writesInPlace = false

        /// Options with a 64 MiB initial map (address space only: the file grows with its
        /// content) that create a missing file. A larger map costs every process start
        /// (about 0.7 ms for 1 GiB), a smaller one reruns large first writes while it grows.
        public init(
            initialMapSize: Int = 64 << 20, createIfMissing: Bool = true, readOnly: Bool = false,
            writeLockWaiting: WriteLockWaiting = WriteLockWaiting(), primary: (any LedgerPrimary)? = nil
        ) {
            self.initialMapSize = initialMapSize
            self.createIfMissing = createIfMissing && !readOnly
            self.readOnly = readOnly
            self.writeLockWaiting = writeLockWaiting
            self.primary = primary
        }
    }

    /// The file the ledger lives in.
    public let path: String
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
    /// Every write of this ledger's events goes through it.
    var writer: LedgerWriter { LedgerWriter(ledger: self) }
    /// The way to the primary, when the ledger has one.
    let primary: PrimaryLink?

    /// Opens the ledger at `path` with the given domains plugged in.
    ///
    /// A file written by an older EventLedger is migrated to the current file format in one
    /// write transaction when opened for writing; opened read-only, it is read as it is when
    /// this EventLedger can, and refused (`.storage`, saying to open it once for writing)
    /// when it cannot. A file written by a newer EventLedger is refused (`.storage`), and
    /// nothing is written to it.
    ///
    /// A file holding read models of domains not given (written by another tool) is opened
    /// for reading only (see `readModelsOfUnknownDomains`); opening it for writing is refused
    /// (`.storage`, naming them). Read models of given domains that the file lacks are added,
    /// built from the log, when it is opened for writing, never when only reading.
    ///
    /// A read model built by an earlier version of its domain (`LedgerDomain.readModelVersion`)
    /// is rebuilt when the file is opened for writing; opened for reading only, its queries are
    /// refused (see `readModelsOfEarlierVersions`). One built by a newer version, or whose
    /// version record is damaged, is never changed: opening the file for writing is refused
    /// (`.storage` naming both versions, or `.corruption`), and so are its queries. A damaged
    /// format record is `.corruption` for every opening. Reading the log needs no read model.
    public convenience init(path: String, domains: [any LedgerDomain], options: Options = Options()) throws {
        try self.init(path: path, domains: domains, options: options, formats: .released)
    }

    /// Opens the ledger at `path`, knowing the file formats of `formats`. With
    /// `keepingReadModelVersions`, an opening for writing leaves the read models built by other
    /// versions of their domains as they are, neither rebuilt nor refused (a copy to verify).
    init(
        path: String, domains: [any LedgerDomain], options: Options, formats: FileFormats,
        keepingReadModelVersions: Bool = false
    ) throws {
        self.path = path
        primary = options.primary.map { PrimaryLink($0, lockWait: options.writeLockWaiting.timeout) }
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
            readOnly: options.readOnly, maxTables: tableNames.count + 8,
            writeLockWaiting: options.writeLockWaiting, writesInPlace: options.writesInPlace)
        let inFile = try environment.read { [catalog] txn in try ReadModelsInFile(catalog, txn, of: location.canonicalPath) }
        if !options.readOnly { try inFile.requireKnown(path: path) }
        let opened = inFile.readModelTables(catalog, readOnly: options.readOnly)
        let bringsUpToDate = !options.readOnly && !keepingReadModelVersions
        let (version, mismatches) = try environment.openTables(LedgerTables.allNames(opened)) { [catalog] txn in
            let version = try FileFormat.storedVersion(txn, of: location.canonicalPath)
            try formats.requireOpenable(version, path: path, readOnly: options.readOnly)
            let checkpoints = try txn.existingTable("checkpoints", of: location.canonicalPath)
            let mismatches = try ReadModelVersions.mismatches(catalog, txn, checkpoints).filter { !inFile.absent.contains($0.key) }
            // Refused here, before anything is created in the file.
            if bringsUpToDate { try ReadModelVersions.requireWritable(mismatches, catalog, path: path) }
            return (version, mismatches)
        }
        tables = LedgerTables(environment: environment, readModelTables: opened)
        readModelsInFile = inFile
        readModelVersionMismatches = bringsUpToDate ? [:] : mismatches
        if version < formats.current, !options.readOnly { try formats.migrate(self) }
        if bringsUpToDate, !mismatches.isEmpty { try rebuildOutdatedReadModels(Array(mismatches.keys)) }
        if !options.readOnly, !inFile.absent.isEmpty { try addReadModels(inFile.absent) }
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

    /// Appends events as one atomic commit: all of them and their read-model changes, or nothing.
    ///
    /// Each event is checked against the ledger plus the earlier events of the batch.
    /// Appends made at the same time from several threads share one durable write.
    /// Events whose id is already in the log are not appended again; their original
    /// position is reported. On failure `LedgerError.eventIndex` names the failing event.
    /// Called from inside one of the ledger's own writes on the same thread (a session's
    /// preview), it throws `.invalidInput` instead of waiting for ever for that write to end.
    @discardableResult
    public func append(_ events: [PendingEvent], mode: RuleMode = .strict) throws(LedgerError) -> AppendResult {
        try LedgerError.typed {
            // Checked before joining a group: the group's leader would fail the others' appends too.
            try environment.requireNoWriteOnThisThread()
            // Through a primary, every event carries its id from the start: a write rerun after
            // the primary committed it then finds its events there instead of adding them again.
            let events = primary == nil ? events : events.map { $0.withID() }
            return try writer.appendSharingCommit(events, mode: mode)
        }
    }

    /// Appends one typed event.
    @discardableResult
    public func append<Event: DomainEvent>(
        _ event: Event, id: EventID? = nil, expect: ExpectedVersion = .any,
        metadata: [String: String] = [:]
    ) throws -> AppendResult {
        try append([PendingEvent(event, id: id, expect: expect, metadata: metadata)])
    }

    /// Runs `body` with a consistent snapshot of the current read models. Throws, as their
    /// queries do, when the ledger was opened for reading only and a read model was built by
    /// another version of its domain or has a damaged version record: its rows may mean
    /// something else than `body` reads.
    public func read<T>(_ body: (ReadModelReader) throws -> T) throws -> T {
        if let index = readModelVersionMismatches.keys.min() { try requireReadModel(ofDomain: index) }
        return try readAnyVersion(body)
    }

    /// Runs `body` with a consistent snapshot of the current read models, whatever versions
    /// built them: for a query, whose own read model was checked.
    private func readAnyVersion<T>(_ body: (ReadModelReader) throws -> T) throws -> T {
        try environment.read { txn in
            try body(ReadModelReader(StoredReadModel(txn, tables: tables.readModels)))
        }
    }

    /// Every query of the plugged-in domains.
    public var queries: [QueryDefinition] { catalog.queries }

    /// Runs the query called `name` on the current read models.
    public func query(_ name: String, _ input: QueryDefinition.Input = .init()) throws(LedgerError) -> QueryResult {
        try LedgerError.typed {
            let definition = try queryDefinition(name)
            return try readAnyVersion { state in try definition.run(input, state) }
        }
    }

    /// The query called `name`; `.invalidInput` when there is none.
    public func queryDefinition(_ name: String) throws(LedgerError) -> QueryDefinition {
        try LedgerError.typed {
            guard let (definition, domainIndex) = catalog.query(named: name) else {
                // It may be a query of a read model whose domain is not plugged in.
                try requireKnownDomains()
                let known = queries.map(\.name).joined(separator: ", ")
                throw LedgerError(.invalidInput, "unknown query \"\(name)\" (known: \(known))", subject: name)
            }
            try requireReadModel(ofDomain: domainIndex)
            return definition
        }
    }

    /// Every event type name the ledger accepts.
    public var eventTypeNames: [String] { catalog.typeNames }
}
