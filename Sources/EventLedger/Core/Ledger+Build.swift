extension Ledger {
    /// Appends the events of `source` as one atomic commit to the ledger at `path` (opened
    /// with `domains` and `options`), as `append(from:mode:)` does: the way to load a large
    /// batch into a new ledger. The first problem in the batch's order is thrown, and a
    /// ledger the batch would have built is left unbuilt.
    ///
    /// When there is no file at `path` yet, the ledger is built beside it under a temporary
    /// name and linked into place once the commit is complete, so a refused, failed or killed
    /// load leaves no file at `path`. That file is written in place: the pages of the commit
    /// go straight into the mapped file, so they take no memory of the process (a million
    /// events load in about 200 MiB), and the disk space of the file's map is reserved up
    /// front (a full disk is an error, not a crash). When a ledger is at `path` already, or
    /// another process creates one there meanwhile, the events are appended to it. A new
    /// replica (`options.primary`) is written through its primary as any append is.
    @discardableResult
    public static func build(
        at path: String, domains: [any LedgerDomain], options: Options = Options(),
        appending source: some EventSource<PendingEvent>, mode: RuleMode = .strict
    ) throws(LedgerError) -> AppendResult {
        try LedgerError.typed {
            let location = try LedgerFileLocation(path)
            if !location.exists, options.createIfMissing, options.primary == nil,
                let result = try buildNewFile(
                    location.canonicalPath, domains: domains, options: options,
                    { try $0.append(from: source, mode: mode) })
            {
                return result
            }
            return try Ledger(path: path, domains: domains, options: options).append(from: source, mode: mode)
        }
    }

    /// Imports the events of `source` into the ledger at `path` (opened with `domains` and
    /// `options`), as `importEvents(from:rehash:)` does.
    ///
    /// When there is no file at `path` yet, the ledger is built beside it under a temporary
    /// name and linked into place once the import is complete, so a refused, failed or killed
    /// import leaves no file at `path`. That file is written in place: the pages of the one
    /// large commit go straight into the mapped file, so they take no memory of the process,
    /// and the disk space of the file's map is reserved up front (a full disk is an error,
    /// not a crash). When a ledger is at `path` already, or another process creates one there
    /// meanwhile, the events are imported into it.
    ///
    /// A new replica (`options.primary`) is written through its primary as any import is:
    /// it is created only once `source` has been read through without an error.
    @discardableResult
    public static func build(
        at path: String, domains: [any LedgerDomain], options: Options = Options(),
        importing source: some EventSource<ImportedEvent>, rehash: Bool = false
    ) throws(LedgerError) -> ImportReport {
        try LedgerError.typed {
            var source = source
            let location = try LedgerFileLocation(path)
            if !location.exists, options.createIfMissing {
                if options.primary == nil {
                    if let report = try buildNewFile(
                        location.canonicalPath, domains: domains, options: options,
                        { try $0.importEvents(from: source, rehash: rehash) })
                    {
                        return report
                    }
                } else {
                    while try source.next() != nil {}
                }
            }
            return try Ledger(path: path, domains: domains, options: options).importEvents(from: source, rehash: rehash)
        }
    }

    /// Builds the ledger at `path`, which does not exist, by running `fill` on it: under a
    /// temporary name, written in place, and linked to `path` once `fill` returns. Nil when
    /// another process created `path` meanwhile; what `fill` wrote is dropped then. The map,
    /// all of which is reserved on disk, starts at 1 MiB and grows for what `fill` writes.
    private static func buildNewFile<Result>(
        _ path: String, domains: [any LedgerDomain], options: Options,
        _ fill: (Ledger) throws -> Result
    ) throws -> Result? {
        let catalog = EventCatalog(domains: domains)
        var building = options
        building.createIfMissing = false
        building.writesInPlace = true
        building.initialMapSize = min(options.initialMapSize, Environment.smallestReservation)
        var result: Result?
        let linked = try Environment.createAtomically(
            path: path, tableNames: LedgerTables.allNames(catalog.readModelTables),
            mapSize: building.initialMapSize,
            initialize: LedgerCore.newFileContents(catalog, .released, path: path)
        ) { temporary in
            result = try fill(Ledger(path: temporary, domains: domains, options: building, formats: .released))
        }
        return linked ? result : nil
    }
}
