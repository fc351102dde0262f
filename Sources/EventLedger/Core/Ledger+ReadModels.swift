extension Ledger {
    /// The names of the read models, e.g. `artist-songs`.
    public var readModelNames: [String] { core.catalog.domains.map(\.readModelName) }

    /// The read models the file holds whose domains are not plugged in (it was written by a
    /// tool with other domains), sorted, as found when the ledger was opened. Only a ledger
    /// opened for reading only has any: opening such a file for writing is refused. Reading,
    /// exporting and backing up its log and its stats need no domain; queries of its other
    /// read models work; rebuilding, replaying or verifying it throws `.storage` naming them.
    public var readModelsOfUnknownDomains: [String] { core.readModelsInFile.unknown }

    /// The read models of plugged-in domains that the file does not hold, as found when the
    /// ledger was opened for reading only: their queries throw `.storage`. Opening the ledger
    /// for writing adds them, built from the log.
    public var missingReadModels: [String] { core.missingReadModels }

    /// The read models of plugged-in domains that an earlier version of their domain built, as
    /// found when the ledger was opened for reading only: their queries throw `.storage` (with
    /// the read model as the error's subject). Opening the ledger for writing rebuilds them.
    public var readModelsOfEarlierVersions: [String] { core.readModelsOfEarlierVersions }
}
