/// Replays the log into read models inside one write transaction: clears their tables
/// (every version of every row) and applies every event again, in position order.
struct Rebuilder {
    let catalog: EventCatalog
    let tables: LedgerTables
    let txn: Transaction

    /// Rebuilds the domains at `domainIndexes`; with `includingLinks` also the cascade links
    /// (the whole derived state). Calls `progress` with (applied, total) now and then.
    /// Returns the number of events replayed.
    func run(domainIndexes: Set<Int>, includingLinks: Bool, progress: (UInt64, UInt64) -> Void) throws -> UInt64 {
        let head = try LogHead(txn, tables)
        for index in domainIndexes {
            for table in catalog.domains[index].tables {
                guard let stored = tables.projections[table] else { continue }
                try txn.clear(stored)
            }
        }
        if includingLinks { try txn.clear(tables.links) }
        let state = StoredProjectionState(txn, tables: tables.projections)
        var applied: UInt64 = 0
        progress(0, head.position)
        try txn.withCursor(tables.log) { cursor in
            var next = try cursor.first()
            while let current = next {
                let position = LedgerTables.readBigEndian(current.key)
                let record = try EventRecordView(current.value, position: position)
                let entry = try catalog.entry(record.type)
                if domainIndexes.contains(entry.domainIndex) {
                    let event = try decode(record, entry.type)
                    state.position = position
                    let context = ProjectionContext(position: position, recordedAt: record.recordedAt) { linked in
                        if includingLinks { try txn.put(tables.links, LedgerTables.streamKey(linked, position), []) }
                    }
                    try catalog.domains[entry.domainIndex].apply(event, context: context, to: state)
                }
                applied += 1
                if applied & 0x3FFF == 0 { progress(applied, head.position) }
                next = try cursor.next()
            }
        }
        for index in domainIndexes {
            let name = Array(catalog.domains[index].projectionName.utf8)
            // Like appends, which write checkpoints with every commit: an empty log has none.
            if head.position > 0 {
                try txn.put(tables.checkpoints, name, LedgerTables.bigEndian(head.position))
            } else {
                try txn.delete(tables.checkpoints, name)
            }
        }
        progress(applied, head.position)
        return applied
    }

    private func decode(_ record: EventRecordView, _ type: any DomainEvent.Type) throws -> any DomainEvent {
        do {
            guard let payload = try JSONValue.parse(record.dataBytes).objectValue else {
                throw LedgerError(.corruption, "payload is not an object")
            }
            return try type.init(payload: payload)
        } catch {
            throw LedgerError(.corruption, "event at position \(record.position) cannot be replayed: \(error)",
                              subject: String(record.position))
        }
    }
}
