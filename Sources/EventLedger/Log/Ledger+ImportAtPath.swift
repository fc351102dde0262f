extension Ledger {
    /// Imports the events of `source` into the ledger at `path` (opened with `domains` and
    /// `options`), as `importEvents(from:rehash:)` does.
    ///
    /// When there is no file at `path` yet, the ledger is built beside it under a temporary
    /// name and linked into place once the import is complete, so a refused, failed or killed
    /// import leaves no file at `path`. That file is written in place: the pages of the one
    /// large commit go straight into the mapped file, so they take no memory of the process,
    /// and the disk space of the file's map is reserved up front (a full disk is an error,
    /// not a crash). Should another process create `path` meanwhile, the events are imported
    /// into that ledger instead.
    ///
    /// A new replica (`options.primary`) is written through its primary as any import is:
    /// it is created only once `source` has been read through without an error.
    @discardableResult
    public static func importEvents(from source: some ImportedEventSource, rehash: Bool = false, intoLedgerAt path: String,
                                    domains: [any LedgerDomain], options: Options = Options()) throws(LedgerError) -> ImportReport {
        try LedgerError.typed {
            var source = source
            let location = try LedgerFileLocation(path)
            if !location.exists, options.createIfMissing {
                if options.primary == nil {
                    if let report = try importIntoNewFile(location.canonicalPath, from: source, rehash: rehash,
                                                          domains: domains, options: options) {
                        return report
                    }
                } else {
                    while try source.next() != nil {}
                }
            }
            return try Ledger(path: path, domains: domains, options: options).importEvents(from: source, rehash: rehash)
        }
    }

    /// Builds the ledger at `path`, which does not exist, from the events of `source`; nil
    /// when another process created `path` meanwhile (nothing is imported then).
    private static func importIntoNewFile(_ path: String, from source: some ImportedEventSource, rehash: Bool,
                                          domains: [any LedgerDomain], options: Options) throws -> ImportReport? {
        let catalog = EventCatalog(domains: domains)
        var building = options
        building.createIfMissing = false
        building.writesInPlace = true
        var report: ImportReport?
        let linked = try Environment.createAtomically(path: path, tableNames: LedgerTables.allNames(catalog.readModelTables),
                                                      mapSize: options.initialMapSize,
                                                      initialize: newFileContents(catalog, .released, path: path)) { temporary in
            let ledger = try Ledger(path: temporary, domains: domains, options: building, formats: .released)
            report = try ledger.importEvents(from: source, rehash: rehash)
        }
        return linked ? report : nil
    }
}
