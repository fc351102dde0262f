extension Ledger {
    /// The read models the file holds whose domains are not plugged in (it was written by a
    /// tool with other domains), sorted, as found when the ledger was opened. Only a ledger
    /// opened for reading only has any: opening such a file for writing is refused. Reading,
    /// exporting and backing up its log and its stats need no domain; queries of its other
    /// read models work; rebuilding, replaying or verifying it throws `.storage` naming them.
    public var readModelsOfUnknownDomains: [String] { readModelsInFile.unknown }

    /// The read models of plugged-in domains that the file does not hold, as found when the
    /// ledger was opened for reading only: their queries throw `.storage`. Opening the ledger
    /// for writing adds them, built from the log.
    public var missingReadModels: [String] {
        environment.readOnly ? readModelsInFile.absent.map { catalog.domains[$0].readModelName } : []
    }

    /// Throws `.storage` naming them when the file holds read models whose domains are not
    /// plugged in: whatever rebuilds, replays or verifies every read model needs every domain.
    func requireKnownDomains() throws {
        try readModelsInFile.requireKnown(path: path)
    }

    /// Throws `.storage` when the read model of the domain at `domainIndex` is missing from
    /// this file: its queries cannot be answered.
    func requireReadModel(ofDomain domainIndex: Int) throws {
        let readModel = catalog.domains[domainIndex].readModelName
        if missingReadModels.contains(readModel) { throw ReadModelsInFile.absence(of: readModel, path: path) }
    }

    /// Builds the read models of the domains at `indexes` from the log, recording the versions
    /// that built them, in one write transaction: domains added to an existing ledger.
    func addReadModels(_ indexes: [Int]) throws {
        try environment.write(reserving: environment.usedBytes) { txn in
            for index in indexes {
                try ReadModelFold(catalog: catalog, tables: tables, domainIndex: index).store(txn)
                try ReadModelVersions.record(catalog.domains[index], txn, tables.checkpoints)
            }
        }
    }
}
