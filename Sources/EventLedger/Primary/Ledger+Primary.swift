extension Ledger {
    /// Brings this replica up to its primary: appends the events the primary holds after
    /// this file's last one, commit by commit, with their positions, commits, ids, times
    /// and hashes, applying the read models. Returns how many events it appended.
    ///
    /// An empty file becomes a replica of the primary; a file holding events of its own, or
    /// a replica of another primary, is refused (`.storage`), as is a ledger opened without
    /// a primary (`.invalidInput`). An unreachable primary is `.storage`
    /// (`primary unreachable: …`) and changes nothing.
    @discardableResult
    public func sync() throws(LedgerError) -> Int {
        try LedgerError.typed {
            let link = try requirePrimary("sync")
            var appended = 0
            while true {
                // The local write first, then the primary, as every write takes them.
                let added = try environment.write { txn in
                    try link.withLog { log in
                        try ReplicaIdentity.adopt(try log.identity(), txn, tables, path: path)
                        let head = try LogHead(txn, tables)
                        let events = try log.events(after: head.position, throughCommit: head.commit + Self.commitsPerSyncPage)
                        try catchUp(events, txn)
                        return events.count
                    }
                }
                appended += added
                if added == 0 { return appended }
            }
        }
    }

    /// Copies this ledger's whole log into its primary, which must hold no event
    /// (`.invalidInput` otherwise), and makes this file a replica of it. Returns how many
    /// events it copied.
    @discardableResult
    public func push() throws(LedgerError) -> Int {
        try LedgerError.typed {
            let link = try requirePrimary("push")
            return try environment.write { txn in
                try link.withLog { log in
                    try log.locked {
                        guard try log.isEmpty() else {
                            throw LedgerError(.invalidInput, "the primary already holds events: push copies a ledger into an empty primary only")
                        }
                        let events = try recordedEvents(after: 0, txn)
                        try log.insert(events)
                        try ReplicaIdentity.record(try log.identity(), txn, tables)
                        return events.count
                    }
                }
            }
        }
    }

    /// How many commits one sync step appends in one local transaction.
    static let commitsPerSyncPage: UInt64 = 1_000

    /// The primary this ledger was opened with; `.invalidInput` naming `operation` without one.
    private func requirePrimary(_ operation: String) throws -> PrimaryLink {
        guard let primary else { throw LedgerError(.invalidInput, "\(operation) needs a primary (none was given)") }
        return primary
    }

    /// Appends `events` (whole commits from the primary, in position order) where the
    /// primary has them; throws `.corruption` when one does not land at its position with
    /// its hash: the file no longer follows the primary.
    func catchUp(_ events: [PrimaryEvent], _ txn: Transaction) throws {
        let appender = Appender(catalog: catalog, tables: tables, txn: txn)
        var start = 0
        while start < events.count {
            var end = start + 1
            while end < events.count, events[end].commit == events[start].commit { end += 1 }
            let commit = events[start..<end]
            let result = try appender.append(commit.map(\.pending), mode: .importing, recordedAt: commit.first!.recordedAt)
            for (event, position) in zip(commit, result.positions) {
                let stored = try RecordedEvent(EventRecordView(try record(txn, at: position), position: position))
                guard position == event.position, stored.commit == event.commit, stored.hash == event.hash else {
                    throw LedgerError(.corruption, "\(path) diverged from its primary at position \(event.position)")
                }
            }
            start = end
        }
    }

    /// The events of the log after `position`, read in `txn`.
    func recordedEvents(after position: UInt64, _ txn: Transaction) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        try txn.withCursor(tables.log) { cursor in
            var entry = try cursor.seek(atLeast: LedgerTables.bigEndian(position + 1))
            while let current = entry {
                events.append(try RecordedEvent(EventRecordView(current.value, position: LedgerTables.readBigEndian(current.key))))
                entry = try cursor.next()
            }
        }
        return events
    }
}
