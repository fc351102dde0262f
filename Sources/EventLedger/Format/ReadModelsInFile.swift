/// The read models a ledger file holds, set against the plugged-in domains': a file written
/// by a tool with other domains holds read models this one does not know, and lacks some of
/// those it knows.
///
/// A read model is held when its version is recorded in `checkpoints` (a file records one for
/// each read model it was created with, built or added) or when one of its tables exists,
/// which also covers files written before versions were recorded: a table belongs to the
/// plugged-in domain that declares it, any other `NAME.TABLE@history` to the read model
/// `NAME` (its name up to the first dot).
struct ReadModelsInFile: Sendable {
    /// Every read model the file holds, sorted.
    let names: [String]
    /// The held read models whose domain is not plugged in, sorted.
    let unknown: [String]
    /// The indexes of the plugged-in domains whose read model the file does not hold.
    let absent: [Int]
    /// The LMDB tables of each read model the file holds, by read model name, in name order.
    let tables: [String: [String]]

    /// What the file that `txn` reads (at `path`) holds; nothing when it has no tables yet.
    init(_ catalog: EventCatalog, _ txn: Transaction, of path: String) throws {
        var held = Set<String>()
        if let checkpoints = try txn.existingTable("checkpoints", of: path) {
            let prefix = ReadModelVersions.key("")
            try txn.withCursor(checkpoints) { cursor in
                try cursor.scan(prefix: prefix) { entry in
                    held.insert(String(decoding: entry.key.dropFirst(prefix.count), as: UTF8.self))
                    return true
                }
            }
        }
        var owners: [String: String] = [:]
        for domain in catalog.domains {
            for table in domain.tables { owners[LedgerTables.versionsTableName(table)] = domain.readModelName }
        }
        var tables: [String: [String]] = [:]
        for table in try txn.tableNames() where table.hasSuffix(LedgerTables.versionsTableSuffix) {
            let owner = owners[table] ?? String(table.prefix { $0 != "." })
            held.insert(owner)
            tables[owner, default: []].append(table)
        }
        self.tables = tables
        let known = Set(catalog.domains.map(\.readModelName))
        names = held.sorted()
        unknown = names.filter { !known.contains($0) }
        absent = catalog.domains.indices.filter { !held.contains(catalog.domains[$0].readModelName) }
    }

    /// The tables to open: for reading only, those of the domains whose read model the file
    /// holds, built by their current version (an earlier one may have had other tables, and
    /// an `outdated` read model is not read until a write rebuilds it); for writing, every
    /// domain's, creating those of the read models it lacks.
    func readModelTables(_ catalog: EventCatalog, readOnly: Bool, outdated: Set<Int>) -> [TableName] {
        catalog.domains.indices.filter { !readOnly || !(absent.contains($0) || outdated.contains($0)) }.flatMap { catalog.domains[$0].tables }
    }

    /// The LMDB tables of `domain`'s read model in the file that the domain does not declare:
    /// those an earlier version of it built (a table or an index since renamed or removed).
    func undeclaredTables(of domain: DomainDriver) -> [String] {
        let declared = Set(domain.tables.map(LedgerTables.versionsTableName))
        return (tables[domain.readModelName] ?? []).filter { !declared.contains($0) }
    }

    /// Throws `.storage` when the file at `path` holds read models whose domain is not plugged in.
    func requireKnown(path: String) throws {
        guard !unknown.isEmpty else { return }
        let quoted = unknown.map { "\"\($0)\"" }.joined(separator: ", ")
        let one = unknown.count == 1
        throw LedgerError(
            .storage,
            "\(path) holds the read model\(one ? "" : "s") \(quoted), "
                + "whose domain\(one ? "" : "s") this tool does not know")
    }

    /// The error for a read model the file at `path` does not hold, opened for reading only.
    static func absence(of name: String, path: String) -> LedgerError {
        LedgerError(
            .storage,
            "\(path) holds no read model \"\(name)\": it is added the first time the ledger "
                + "is written to by a tool that knows its domain")
    }
}
