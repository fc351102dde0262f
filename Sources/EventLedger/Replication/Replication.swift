/// A replica and its primary: catching up, copying a ledger into an empty primary, giving a
/// primary back the commits it lost.
struct Replication {
    let core: LedgerCore

    /// `Ledger.sync()`: catches up, then sends the pending commits.
    func sync() throws(LedgerError) -> SyncReport {
        try LedgerError.typed {
            let appended = try catchUp()
            let sent = try PendingSender(core: core).sendAll()
            return SyncReport(appended: appended, accepted: sent.accepted, refused: sent.refused)
        }
    }

    /// Appends the primary's events after this file's last one, page by page; how many.
    private func catchUp() throws -> Int {
        try LedgerError.typed {
            let link = try requirePrimary("sync")
            var appended = 0
            while true {
                // The local write first, then the primary, as every write takes them.
                let added = try core.writer.catchUp { txn in
                    try link.withLog { log in
                        try ReplicaIdentity.adopt(try log.identity(), txn, core.tables, path: core.path)
                        let head = try LogHead(txn, core.tables)
                        try log.standing(at: head.position).requireHolds(head, replica: core.path)
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

    /// `Ledger.push()`.
    func push() throws(LedgerError) -> Int {
        try LedgerError.typed {
            let link = try requirePrimary("push")
            return try core.writer.writeOutsideLog { txn in
                try link.withLockedLog { log in
                    guard try log.isEmpty() else {
                        throw LedgerError(.invalidInput, "the primary already holds events: push copies a ledger into an empty primary only")
                    }
                    let events = try core.recordedEvents(after: 0, txn)
                    try log.insert(events)
                    try ReplicaIdentity.record(try log.identity(), txn, core.tables)
                    return events.count
                }
            }
        }
    }

    /// `Ledger.restorePrimary()`.
    func restorePrimary() throws(LedgerError) -> Int {
        try LedgerError.typed {
            let link = try requirePrimary("restoring the primary")
            return try core.environment.read { txn in
                try link.withLockedLog { log in
                    let identity = try log.identity()
                    guard try ReplicaIdentity.stored(txn, core.tables) == identity else {
                        throw LedgerError(.storage, "\(core.path) is not a replica of primary \(identity): it has nothing to give back to it")
                    }
                    let head = try LogHead(txn, core.tables)
                    let primaryLast = try log.standing(at: 0).lastPosition
                    guard primaryLast < head.position else {
                        try log.standing(at: head.position).requireHolds(head, replica: core.path)
                        return 0
                    }
                    let ours = primaryLast == 0 ? nil : try core.recordedEvents(from: primaryLast, through: primaryLast, txn)[0].hash
                    guard try log.standing(at: primaryLast).hash == ours else {
                        throw LedgerError(
                            .corruption,
                            """
                            \(core.path) diverged from its primary at or before position \(primaryLast), the primary's last: it \
                            cannot give back positions \(primaryLast + 1)–\(head.position). Nothing was written
                            """, subject: "position \(primaryLast)")
                    }
                    let events = try core.recordedEvents(after: primaryLast, txn)
                    try log.insert(events)
                    return events.count
                }
            }
        }
    }

    /// How many commits one sync step appends in one local transaction.
    static let commitsPerSyncPage: UInt64 = 1_000

    /// The primary this ledger was opened with; `.invalidInput` naming `operation` without one.
    private func requirePrimary(_ operation: String) throws -> PrimaryLink {
        guard let primary = core.primary else { throw LedgerError(.invalidInput, "\(operation) needs a primary (none was given)") }
        return primary
    }

    /// Appends `events` (whole commits from the primary, in position order) where the
    /// primary has them; throws `.corruption` when one does not land at its position with
    /// its hash: the file no longer follows the primary.
    func catchUp(_ events: [PrimaryEvent], _ txn: Transaction) throws {
        let appender = core.writer.appender(in: txn)
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
                    "\(core.path) diverged from its primary at position \(position): the primary's event "
                        + "there does not apply (\(error.message))", subject: "position \(position)")
            }
            for (event, position) in zip(commit, result.positions) {
                let stored = try RecordedEvent(EventRecordView(try core.record(txn, at: position), position: position))
                guard position == event.position, stored.commit == event.commit, stored.hash == event.hash else {
                    throw LedgerError(.corruption, "\(core.path) diverged from its primary at position \(event.position)")
                }
            }
            start = end
        }
    }
}
