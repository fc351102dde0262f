/// Which version of its domain built each stored read model (`LedgerDomain.readModelVersion`).
///
/// Each is an entry of the `checkpoints` table under a key no read model has (it starts with
/// a NUL byte) and the read model's name, holding the version as a big-endian `u64`; a read
/// model without one was built by version 1. A read model built by another version than its
/// domain's stores other keys or rows than its `apply` now reads and writes: it is rebuilt
/// when the ledger is opened for writing, and a read-only opening is refused until then.
enum ReadModelVersions {
    /// The version of a read model without a recorded one.
    static let firstVersion = 1

    /// The key of `readModel`'s entry in `checkpoints`.
    static func key(_ readModel: String) -> [UInt8] {
        Array("\u{0}read-model-version:\(readModel)".utf8)
    }

    /// The indexes of the catalog's domains whose stored read model another version built.
    /// Without a `checkpoints` table (a file being created) there is none.
    static func outdated(_ catalog: EventCatalog, _ txn: Transaction, _ checkpoints: Table?) throws -> [Int] {
        guard let checkpoints else { return [] }
        return try catalog.domains.indices.filter { index in
            let domain = catalog.domains[index]
            let stored = try txn.get(checkpoints, key(domain.readModelName)).map { Int(clamping: LedgerTables.readBigEndian($0)) }
            return (stored ?? firstVersion) != domain.readModelVersion
        }
    }

    /// Records that `domain`'s current version built its stored read model.
    static func record(_ domain: DomainDriver, _ txn: Transaction, _ checkpoints: Table) throws {
        try txn.put(checkpoints, key(domain.readModelName), LedgerTables.bigEndian(UInt64(domain.readModelVersion)))
    }

    /// The refusal of a read-only opening of `path` whose read models at `indexes` are outdated.
    static func refusal(_ catalog: EventCatalog, _ indexes: [Int], path: String) -> LedgerError {
        let names = indexes.map { catalog.domains[$0].readModelName }
        return LedgerError(.storage, """
            the read model\(names.count == 1 ? "" : "s") \(names.joined(separator: ", ")) of \(path) \
            \(names.count == 1 ? "was" : "were") built by an earlier version of \(names.count == 1 ? "its domain" : "their domains"): \
            open it once for writing (ledger rebuild does) to rebuild \(names.count == 1 ? "it" : "them")
            """)
    }
}

extension Ledger {
    /// Rebuilds the read models at `indexes` that are still outdated, in one write
    /// transaction, recording the versions that built them.
    func rebuildOutdatedReadModels(_ indexes: [Int]) throws {
        try environment.write(reserving: environment.usedBytes) { txn in
            for index in try ReadModelVersions.outdated(catalog, txn, tables.checkpoints) where indexes.contains(index) {
                try ReadModelFold(catalog: catalog, tables: tables, domainIndex: index).store(txn)
                try ReadModelVersions.record(catalog.domains[index], txn, tables.checkpoints)
            }
        }
    }
}
