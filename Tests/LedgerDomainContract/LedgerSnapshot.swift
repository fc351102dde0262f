import EventLedger

/// The log head and every row of every table of `domain`: what a refused append must leave as it was.
public func snapshot(_ ledger: Ledger, _ domain: some LedgerDomain) throws -> [String] {
    let head = try ledger.head()
    let rows = try ledger.read { state in
        try domain.tables.flatMap { table in
            try state.storedRows(table).map { "\(table.qualifiedName) \($0.key) \($0.row)" }
        }
    }
    return ["head \(head.position) \(head.commit)"] + rows
}
