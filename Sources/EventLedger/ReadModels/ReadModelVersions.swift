/// Which version of its domain built each stored read model (`LedgerDomain.readModelVersion`).
///
/// Each is an entry of the `checkpoints` table under a key no read model has (it starts with
/// a NUL byte) and the read model's name, holding the version as a big-endian `u64` (see
/// `VersionRecord`); a read model without one was built by version 1. A read model built by
/// another version than its domain's stores other keys or rows than its `apply` now reads and
/// writes, so it is not queried. One built by an earlier version is rebuilt when the ledger is
/// opened for writing; one built by a newer version, or whose record is damaged, is never
/// changed: opening the ledger for writing is refused.
enum ReadModelVersions {
    /// The version of a read model without a recorded one.
    static let firstVersion = 1

    /// What the record of a read model says, set against its domain's version, when they differ.
    enum Mismatch: Equatable, Sendable {
        /// Built by this earlier version of its domain.
        case earlier(Int)
        /// Built by this newer version of its domain.
        case newer(Int)
        /// The record is damaged, as described.
        case damaged(String)

        /// Whether opening the ledger for writing may rebuild the read model: only when an
        /// earlier version built it; a newer version's or a damaged record's is left alone.
        var allowsRebuild: Bool {
            if case .earlier = self { true } else { false }
        }
    }

    /// The key of `readModel`'s entry in `checkpoints`.
    static func key(_ readModel: String) -> [UInt8] {
        Array("\u{0}read-model-version:\(readModel)".utf8)
    }

    /// The read models of the catalog's domains whose record differs from their domain's
    /// version, by domain index. Without a `checkpoints` table (a file being created) there is none.
    static func mismatches(_ catalog: EventCatalog, _ txn: Transaction, _ checkpoints: Table?) throws -> [Int: Mismatch] {
        guard let checkpoints else { return [:] }
        var mismatches: [Int: Mismatch] = [:]
        for (index, domain) in catalog.domains.enumerated() {
            mismatches[index] = try mismatch(domain, txn, checkpoints)
        }
        return mismatches
    }

    /// How the record of `domain`'s read model differs from the domain's version; nil when it does not.
    static func mismatch(_ domain: DomainDriver, _ txn: Transaction, _ checkpoints: Table) throws -> Mismatch? {
        var version = firstVersion
        if let stored = try txn.get(checkpoints, key(domain.readModelName)) {
            guard let recorded = VersionRecord.version(stored) else { return .damaged(VersionRecord.damage(stored)) }
            version = recorded
        }
        if version < domain.readModelVersion { return .earlier(version) }
        return version > domain.readModelVersion ? .newer(version) : nil
    }

    /// Records that `domain`'s current version, with its tables' current shapes (`TableShapes`),
    /// built its stored read model.
    static func record(_ domain: DomainDriver, _ txn: Transaction, _ checkpoints: Table) throws {
        try txn.put(checkpoints, key(domain.readModelName), LedgerTables.bigEndian(UInt64(domain.readModelVersion)))
        try TableShapes.record(domain, txn, checkpoints)
    }

    /// What `mismatch` means for `domain`'s read model, as `verify` reports it.
    static func problem(_ domain: DomainDriver, _ mismatch: Mismatch) -> String {
        let readModel = "the read model \"\(domain.readModelName)\""
        switch mismatch {
        case .earlier(let version):
            return "\(readModel) was built by an earlier version of its domain (\(version); this tool's is "
                + "\(domain.readModelVersion)): open the ledger for writing or rebuild it to bring it up to date"
        case .newer(let version):
            return "\(readModel) was built by a newer version of its domain (\(version); this tool's is "
                + "\(domain.readModelVersion)): this tool neither reads nor changes it"
        case .damaged(let damage):
            return "the version record of \(readModel) is damaged (\(damage)): which version of its domain built it is unknown, "
                + "so it is neither read nor changed"
        }
    }

    /// The refusal to use `domain`'s read model in the file at `path`, its record saying `mismatch`:
    /// `.corruption` for a damaged record, `.storage` otherwise, naming the read model as subject.
    static func refusal(_ domain: DomainDriver, _ mismatch: Mismatch, path: String) -> LedgerError {
        let kind: LedgerError.Kind = if case .damaged = mismatch { .corruption } else { .storage }
        return LedgerError(kind, "\(path): \(problem(domain, mismatch))", subject: domain.readModelName)
    }

    /// Throws the refusal of the first read model of `mismatches` that an opening for writing
    /// must not change: one built by a newer version, or whose record is damaged.
    static func requireWritable(_ mismatches: [Int: Mismatch], _ catalog: EventCatalog, path: String) throws {
        for (index, mismatch) in mismatches.sorted(by: { $0.key < $1.key }) where !mismatch.allowsRebuild {
            throw refusal(catalog.domains[index], mismatch, path: path)
        }
    }

    /// Throws the refusal when the record of `domain`'s read model, which `txn` reads in the
    /// file at `path`, says a newer version built it or is damaged: it must not be rebuilt.
    static func requireRebuildable(_ domain: DomainDriver, _ txn: Transaction, _ checkpoints: Table, path: String) throws {
        if let mismatch = try mismatch(domain, txn, checkpoints), !mismatch.allowsRebuild {
            throw refusal(domain, mismatch, path: path)
        }
    }
}
