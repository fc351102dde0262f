extension LedgerCore {
    /// The read models of plugged-in domains that the file does not hold, as found when the
    /// ledger was opened for reading only (opening it for writing adds them).
    var missingReadModels: [String] {
        environment.readOnly ? readModelsInFile.absent.map { catalog.domains[$0].readModelName } : []
    }

    /// The read models of plugged-in domains that an earlier version of their domain built, as
    /// found when the ledger was opened for reading only (opening it for writing rebuilds them).
    var readModelsOfEarlierVersions: [String] {
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

    /// The query called `name`, whose read model can be queried; `.invalidInput` when there is
    /// no such query.
    func queryDefinition(_ name: String) throws -> QueryDefinition {
        guard let (definition, domainIndex) = catalog.query(named: name) else {
            // It may be a query of a read model whose domain is not plugged in.
            try requireKnownDomains()
            let known = catalog.queries.map(\.name).joined(separator: ", ")
            throw LedgerError(.invalidInput, "unknown query \"\(name)\" (known: \(known))", subject: name)
        }
        try requireReadModel(ofDomain: domainIndex)
        return definition
    }
}
