/// The shapes of the tables that built each stored read model (`TableShape`), recorded with
/// its version (`ReadModelVersions`) whenever it is built.
///
/// Each is an entry of the `checkpoints` table under a key no read model has (it starts with
/// a NUL byte) and the table's qualified name, holding the shape of its keys, a NUL byte, the
/// shape of its rows, a NUL byte and its indexes. A read model built before shapes were
/// recorded has none: its tables' shapes are recorded the next time the file is opened for
/// writing, without a comparison. When its domain's version is the recorded one, a table whose
/// shape differs from the recorded one, or that has none while the other tables do (a table
/// added), means that the domain changed what its read model stores without raising its
/// `readModelVersion`: opening the file for writing is refused before anything is written.
///
/// Describing a table's shape decodes its key and row types for the first time in the
/// process, which has the runtime look their conformances up: about 0.1M instructions a type,
/// 3M for the `ledger` tool's 15 tables, more than half of what a whole `ledger append`
/// costs. An opening for writing by a build that found the tables of a read model of the
/// recorded shapes before (see `TableShapeStamp`) does not describe them again.
enum TableShapes {
    /// How a table of a domain differs from what built its stored read model.
    enum Change: Equatable, Sendable {
        /// The table's keys, rows or indexes are other than those recorded.
        case reshaped(table: String, recorded: DescribedShape, current: DescribedShape)
        /// The table was not in the read model when it was built.
        case added(table: String)

        /// The table's qualified name.
        var table: String {
            switch self {
            case .reshaped(let table, _, _), .added(let table): table
            }
        }
    }

    /// The key of `table`'s entry in `checkpoints`.
    static func key(_ table: String) -> [UInt8] {
        Array("\u{0}table-shape:\(table)".utf8)
    }

    /// The prefix of the keys of the entries of `readModel`'s tables.
    private static func prefix(_ readModel: String) -> [UInt8] {
        key("\(readModel).")
    }

    /// The shapes recorded for `domain`'s read model, by qualified table name.
    private static func recorded(_ domain: DomainDriver, _ txn: Transaction, _ checkpoints: Table) throws -> [String: DescribedShape] {
        var recorded: [String: DescribedShape] = [:]
        let prefix = prefix(domain.readModelName)
        try txn.withCursor(checkpoints) { cursor in
            try cursor.scan(prefix: prefix) { entry in
                let table = "\(domain.readModelName)." + String(decoding: entry.key.dropFirst(prefix.count), as: UTF8.self)
                recorded[table] = shape(entry.value)
                return true
            }
        }
        return recorded
    }

    /// The shape an entry's `bytes` hold; the parts a damaged one lacks are read as empty.
    private static func shape(_ bytes: UnsafeRawBufferPointer) -> DescribedShape {
        let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        return DescribedShape(key: parts[0], row: parts.count > 1 ? parts[1] : "", indexes: parts.count > 2 ? parts[2] : "")
    }

    /// The bytes of the entry holding `shape`.
    private static func bytes(_ shape: DescribedShape) -> [UInt8] {
        Array(shape.key.utf8) + [0] + Array(shape.row.utf8) + [0] + Array(shape.indexes.utf8)
    }

    /// How `domain`'s tables differ from the shapes recorded for its read model, in the order
    /// of its tables; nil when none is recorded.
    static func changes(_ domain: DomainDriver, _ txn: Transaction, _ checkpoints: Table) throws -> [Change]? {
        let recorded = try recorded(domain, txn, checkpoints)
        guard !recorded.isEmpty else { return nil }
        let shapes = domain.describedShapes
        return domain.declaredTables.indices.compactMap { index in
            let (table, current) = (domain.declaredTables[index].qualifiedName, shapes[index])
            guard let shape = recorded[table] else { return .added(table: table) }
            return shape == current ? nil : .reshaped(table: table, recorded: shape, current: current)
        }
    }

    /// Records the shapes of `domain`'s tables in place of those recorded for its read model,
    /// with this build's stamp (when it has one) first; the other builds' stamps are kept when
    /// the shapes are those recorded.
    static func record(_ domain: DomainDriver, _ txn: Transaction, _ checkpoints: Table) throws {
        let recorded = try recorded(domain, txn, checkpoints)
        for table in recorded.keys { _ = try txn.delete(checkpoints, key(table)) }
        let shapes = domain.describedShapes
        for index in domain.declaredTables.indices {
            try txn.put(checkpoints, key(domain.declaredTables[index].qualifiedName), bytes(shapes[index]))
        }
        let unchanged =
            recorded.count == shapes.count
            && domain.declaredTables.indices.allSatisfy { recorded[domain.declaredTables[$0].qualifiedName] == shapes[$0] }
        if let stamp = TableShapeStamp.current(of: domain) {
            try TableShapeStamp.record(stamp, of: domain, keepingOthers: unchanged, txn, checkpoints)
        } else if !unchanged {
            _ = try txn.delete(checkpoints, TableShapeStamp.key(domain.readModelName))
        }
    }

    /// Checks the tables of the domains of `catalog` at `indexes` against the shapes recorded
    /// for their read models in the file at `path`, which `txn` reads: throws the refusal of the
    /// first table that changed (see `refusal`), and returns the domains whose read model has
    /// no shapes recorded (their shapes are to be recorded) or whose tables this build found of
    /// the recorded shapes for the first time (its stamp is to be recorded). The tables of a
    /// read model whose entry holds this build's stamp are not described.
    static func check(
        _ catalog: EventCatalog, _ indexes: [Int], _ txn: Transaction, _ checkpoints: Table, path: String
    ) throws -> (unrecorded: [Int], unstamped: [Int]) {
        var (unrecorded, unstamped): ([Int], [Int]) = ([], [])
        for index in indexes {
            let domain = catalog.domains[index]
            let stamp = TableShapeStamp.current(of: domain)
            if let stamp, let stamps = try txn.get(checkpoints, TableShapeStamp.key(domain.readModelName)),
                TableShapeStamp.holds(stamp, stamps)
            {
                continue
            }
            guard let changes = try changes(domain, txn, checkpoints) else {
                unrecorded.append(index)
                continue
            }
            if let change = changes.first { throw refusal(domain, change, path: path) }
            if stamp != nil { unstamped.append(index) }
        }
        return (unrecorded, unstamped)
    }

    /// What `change` means for `domain`'s read model, as `verify` reports it.
    static func problem(_ domain: DomainDriver, _ change: Change) -> String {
        let remedy =
            "while its read model \"\(domain.readModelName)\" is still at version \(domain.readModelVersion): "
            + "raise readModelVersion of its domain (to \(domain.readModelVersion + 1)) so that ledgers rebuild the read model"
        switch change {
        case .reshaped(let table, let recorded, let current):
            return "the table \"\(table)\" has another shape than the one that built it (now \(current); built with \(recorded)) "
                + remedy
        case .added(let table):
            return "the table \"\(table)\" is new to its read model, which was built without it, " + remedy
        }
    }

    /// The refusal to write to the file at `path`, where `change` was found: `.storage`, naming the table.
    static func refusal(_ domain: DomainDriver, _ change: Change, path: String) -> LedgerError {
        LedgerError(.storage, "\(path): \(problem(domain, change))", subject: change.table)
    }
}
