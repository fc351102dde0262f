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

    /// The read models of plugged-in domains that an earlier version of their domain built, as
    /// found when the ledger was opened for reading only: their queries throw `.storage` (with
    /// the read model as the error's subject). Opening the ledger for writing rebuilds them.
    public var readModelsOfEarlierVersions: [String] {
        readModelVersionMismatches.filter { $0.value.allowsRebuild }.keys.sorted().map { catalog.domains[$0].readModelName }
    }

    /// Throws `.storage` naming them when the file holds read models whose domains are not
    /// plugged in: whatever rebuilds, replays or verifies every read model needs every domain.
    func requireKnownDomains() throws {
        try readModelsInFile.requireKnown(path: path)
    }

    /// Throws `.storage` when the read model of the domain at `domainIndex` is missing from
    /// this file, or was built by another version of its domain, and `.corruption` when its
    /// version record is damaged: its queries cannot be answered.
    func requireReadModel(ofDomain domainIndex: Int) throws {
        let domain = catalog.domains[domainIndex]
        if missingReadModels.contains(domain.readModelName) { throw ReadModelsInFile.absence(of: domain.readModelName, path: path) }
        if let mismatch = readModelVersionMismatches[domainIndex] { throw ReadModelVersions.refusal(domain, mismatch, path: path) }
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
