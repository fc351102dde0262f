extension FormatMigrationStep {
    /// Format 2: a form session is kept as a header and an entry per staged event and per
    /// touched stream (see `SessionEntryKind`) instead of one record holding them all, so that
    /// staging an event no longer rewrites the session. The overlay of a session is made when
    /// it is next staged to or previewed. Format 1's sessions are still read as they are.
    static let sessionEntries = FormatMigrationStep(
        summary: "stores each form session as a header and an entry per staged event", readableBefore: true
    ) { core, txn in
        let table = core.tables.sessions
        var records: [(id: String, record: FormatOneSessionRecord)] = []
        try txn.withCursor(table) { cursor in
            try cursor.scan(prefix: []) { entry in
                let id = String(decoding: entry.key, as: UTF8.self)
                if let record = try FormatOneSessionRecord(id: id, object: SessionHeader.object(id: id, bytes: entry.value)) {
                    records.append((id, record))
                }
                return true
            }
        }
        for (id, record) in records {
            try StoredSession.begin(id, record.header, in: table, txn)
            let session = try StoredSession(id, in: table, txn)
            for (index, event) in record.events.enumerated() { try session.putEvent(event, at: index) }
            // A stream is pinned by the first staged event that goes to it. An event the
            // ledger cannot read any more goes to no stream it knows: a commit would refuse it.
            let streams = record.events.map { try? core.catalog.prepare($0).event.stream }
            for (stream, version) in record.pins {
                try session.put(SessionPin(stream: stream, version: version, firstIndex: streams.firstIndex(of: stream) ?? 0))
            }
        }
    }
}
