/// Which primary a ledger file is a replica of, as recorded in the file: an entry of the
/// `checkpoints` table under a key no read model has (it starts with a NUL byte), holding
/// the primary's 16-byte identity. A file without it is a ledger of its own.
///
/// Writes keep a replica from diverging: a replica is written only through its own primary,
/// and a ledger of its own (with events) never through one.
enum ReplicaIdentity {
    /// The key of the entry in `checkpoints`.
    static let recordKey = Array("\u{0}primary".utf8)

    /// The primary the file is a replica of; nil for a ledger of its own.
    static func stored(_ txn: Transaction, _ tables: LedgerTables) throws -> EventID? {
        try txn.get(tables.checkpoints, recordKey).map { EventID(bytes: $0) }
    }

    /// Records that the file is a replica of `primary`.
    static func record(_ primary: EventID, _ txn: Transaction, _ tables: LedgerTables) throws {
        var bytes: [UInt8] = []
        primary.appendBytes(to: &bytes)
        try txn.put(tables.checkpoints, recordKey, bytes)
    }

    /// Throws `.storage` when the file at `path` is a replica: written without its primary,
    /// it would diverge from the others.
    static func requireOwnLedger(_ txn: Transaction, _ tables: LedgerTables, path: String) throws {
        guard let primary = try stored(txn, tables) else { return }
        throw LedgerError(
            .storage,
            "\(path) is a replica of primary \(primary): it is written only through that primary "
                + "(none was given)")
    }

    /// Makes sure the file at `path` may follow `primary`: it is its replica already, or it
    /// is empty and becomes one. Throws `.storage` for a replica of another primary or a
    /// ledger of its own holding events.
    static func adopt(_ primary: EventID, _ txn: Transaction, _ tables: LedgerTables, path: String) throws {
        switch try stored(txn, tables) {
        case primary?:
            return
        case let other?:
            throw LedgerError(.storage, "\(path) is a replica of primary \(other), not of the one given (\(primary))")
        case nil:
            guard try LogHead(txn, tables).position == 0 else {
                throw LedgerError(
                    .storage,
                    "\(path) holds events of its own and is not a replica of primary \(primary) "
                        + "(push it into an empty primary instead)")
            }
            try record(primary, txn, tables)
        }
    }
}
