/// Replays the log into one read model inside a write transaction: clears its tables (every
/// version of every row) and the cascade links its events made, then applies each of its
/// events again, in position order.
struct Rebuilder {
    let catalog: EventCatalog
    let tables: LedgerTables
    let txn: Transaction

    /// Rebuilds the read model of the domain at `domainIndex`. Calls `progress` with
    /// (events of the log scanned, events in the log) now and then. Returns the number of
    /// events in the log.
    func run(domainIndex: Int, progress: (UInt64, UInt64) -> Void) throws -> UInt64 {
        let head = try LogHead(txn, tables)
        let domain = catalog.domains[domainIndex]
        for table in domain.tables {
            guard let stored = tables.projections[table] else { continue }
            try txn.clear(stored)
        }
        try removeLinks(madeBy: domainIndex)
        let state = StoredProjectionState(txn, tables: tables.projections)
        var scanned: UInt64 = 0
        progress(0, head.position)
        try txn.withCursor(tables.log) { cursor in
            var next = try cursor.first()
            while let current = next {
                let position = LedgerTables.readBigEndian(current.key)
                let record = try EventRecordView(current.value, position: position)
                let entry = try catalog.entry(record.type)
                if entry.domainIndex == domainIndex {
                    let event = try decode(record, entry.type)
                    state.position = position
                    let context = ProjectionContext(position: position, recordedAt: record.recordedAt) { linked in
                        try txn.put(tables.links, LedgerTables.streamKey(linked, position), [])
                    }
                    try domain.apply(event, context: context, to: state)
                }
                scanned += 1
                if scanned & 0x3FFF == 0 { progress(scanned, head.position) }
                next = try cursor.next()
            }
        }
        let name = Array(domain.projectionName.utf8)
        // Like appends, which write checkpoints with every commit: an empty log has none.
        if head.position > 0 {
            try txn.put(tables.checkpoints, name, LedgerTables.bigEndian(head.position))
        } else {
            try txn.delete(tables.checkpoints, name)
        }
        progress(scanned, head.position)
        return scanned
    }

    /// Rebuilds every read model, and with them every cascade link, in this one transaction.
    func runAll() throws {
        for index in catalog.domains.indices { _ = try run(domainIndex: index) { _, _ in } }
    }

    /// Deletes the cascade links made by events of the domain at `domainIndex`, and any
    /// link to an event the log does not hold (links are few: one per cascaded entity).
    private func removeLinks(madeBy domainIndex: Int) throws {
        var made: [[UInt8]] = []
        try txn.withCursor(tables.links) { cursor in
            try cursor.scan(prefix: []) { link in
                if let maker = try self.domainIndex(ofLink: link.key), maker != domainIndex { return true }
                made.append(Array(link.key))
                return true
            }
        }
        for key in made { _ = try txn.delete(tables.links, key) }
    }

    /// The index of the domain whose event made the link `key` (stream ‖ NUL ‖ big-endian
    /// position); nil when the log holds no such event.
    private func domainIndex(ofLink key: UnsafeRawBufferPointer) throws -> Int? {
        guard key.count > 9 else { return nil }
        let position = LedgerTables.readBigEndian(key, at: key.count - 8)
        guard let bytes = try txn.get(tables.log, LedgerTables.bigEndian(position)) else { return nil }
        return try catalog.entry(EventRecordView(bytes, position: position).type).domainIndex
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
