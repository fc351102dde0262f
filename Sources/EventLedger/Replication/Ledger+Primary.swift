extension Ledger {
    /// Brings this replica up to its primary: appends the events the primary holds after
    /// this file's last one, commit by commit, with their positions, commits, ids, times
    /// and hashes, applying the read models. Returns how many events it appended.
    ///
    /// An empty file becomes a replica of the primary; a file holding events of its own, or
    /// a replica of another primary, is refused (`.storage`), as is a ledger opened without
    /// a primary (`.invalidInput`). An unreachable primary is `.storage`
    /// (`primary unreachable: …`) and changes nothing. So is a primary that no longer holds
    /// this file's last event (it lost commits: see `restorePrimary()`), and one whose log
    /// differs from this file's or whose events do not apply is `.corruption` naming the
    /// position: the file is left as it was.
    @discardableResult
    public func sync() throws(LedgerError) -> Int {
        try LedgerError.typed {
            let link = try requirePrimary("sync")
            var appended = 0
            while true {
                // The local write first, then the primary, as every write takes them.
                let added = try writer.catchUp { txn in
                    try link.withLog { log in
                        try ReplicaIdentity.adopt(try log.identity(), txn, tables, path: path)
                        let head = try LogHead(txn, tables)
                        try log.standing(at: head.position).requireHolds(head, replica: path)
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
            return try writer.writeOutsideLog { txn in
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

    /// Gives the primary back the commits it lost that this replica holds (a primary restored
    /// from a backup, or failed over to a standby that lagged): inserts this file's events
    /// after the primary's last one, with their positions, commits, ids, times and hashes, so
    /// that every replica converges again. Returns how many events it gave back (0 when the
    /// primary lacks none).
    ///
    /// The file must be a replica of this primary (`.storage` otherwise), and the primary's
    /// log must be a beginning of this file's: a primary that holds other events at a
    /// position this file holds (written on top of the loss since) is `.corruption`, and
    /// nothing is written.
    @discardableResult
    public func restorePrimary() throws(LedgerError) -> Int {
        try LedgerError.typed {
            let link = try requirePrimary("restoring the primary")
            return try environment.read { txn in
                try link.withLog { log in
                    try log.locked {
                        let identity = try log.identity()
                        guard try ReplicaIdentity.stored(txn, tables) == identity else {
                            throw LedgerError(.storage, "\(path) is not a replica of primary \(identity): it has nothing to give back to it")
                        }
                        let head = try LogHead(txn, tables)
                        let primaryLast = try log.standing(at: 0).lastPosition
                        guard primaryLast < head.position else {
                            try log.standing(at: head.position).requireHolds(head, replica: path)
                            return 0
                        }
                        let ours = primaryLast == 0 ? nil : try recordedEvents(from: primaryLast, through: primaryLast, txn)[0].hash
                        guard try log.standing(at: primaryLast).hash == ours else {
                            throw LedgerError(
                                .corruption,
                                """
                                \(path) diverged from its primary at or before position \(primaryLast), the primary's last: it \
                                cannot give back positions \(primaryLast + 1)–\(head.position). Nothing was written
                                """, subject: "position \(primaryLast)")
                        }
                        let events = try recordedEvents(after: primaryLast, txn)
                        try log.insert(events)
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
        let appender = writer.appender(in: txn)
        var start = 0
        while start < events.count {
            var end = start + 1
            while end < events.count, events[end].commit == events[start].commit { end += 1 }
            let commit = events[start..<end]
            let result: AppendResult
            do {
                result = try appender.append(commit.map(\.pending), mode: .importing, recordedAt: commit.first!.recordedAt)
            } catch let error as LedgerError where error.kind != .storage && error.kind != .corruption {
                // The primary's log was written through the rules: an event it holds that
                // breaks them was altered there, or comes from a log this file never followed.
                let position = events[start + (error.eventIndex ?? 0)].position
                throw LedgerError(
                    .corruption,
                    "\(path) diverged from its primary at position \(position): the primary's event "
                        + "there does not apply (\(error.message))", subject: "position \(position)")
            }
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
        try recordedEvents(from: position + 1, through: .max, txn)
    }

    /// The events of the log from position `first` through `last`, read in `txn`.
    func recordedEvents(from first: UInt64, through last: UInt64, _ txn: Transaction) throws -> [RecordedEvent] {
        var events: [RecordedEvent] = []
        try txn.withCursor(tables.log) { cursor in
            var entry = try cursor.seek(atLeast: LedgerTables.bigEndian(first))
            while let current = entry {
                let position = LedgerTables.readBigEndian(current.key)
                guard position <= last else { break }
                events.append(try RecordedEvent(EventRecordView(current.value, position: position)))
                entry = try cursor.next()
            }
        }
        return events
    }
}
