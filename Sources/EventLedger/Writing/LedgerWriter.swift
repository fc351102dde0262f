/// Every write of a ledger: the LMDB write transaction, the space reserved for it, the route
/// through a primary, group commit, and the appender that checks, records and folds events.
/// Appends, batches, imports, undo, form sessions (staging, previews, commits) and a
/// replica's catch-up all write through it.
///
/// A commit of events goes first where the ledger's log is kept. Without a primary, the local
/// write transaction is the commit (and a replica file refuses it). With one, the commit goes
/// through the primary, in one PostgreSQL transaction under its write lock: the primary must
/// still hold the replica's last event (a primary that lost commits is never written on top
/// of), the replica catches up inside the local write transaction, the write's rules and
/// expected versions are checked against that state, its new events are inserted and
/// committed on the primary, and only then is the local transaction committed. A failure
/// before the primary's commit changes nothing on either side. A local commit that fails
/// after it (a full disk) is reported as what it is: the events are committed on the
/// primary, and this file catches up on its next sync or write, as it does after a process
/// died at that point.
///
/// Commits written through a primary are stamped with the primary's clock, so that a machine
/// whose clock is wrong cannot misdate them (times never go backwards, so one commit stamped
/// in the future would date every later commit of every machine); without a primary, with
/// this machine's.
struct LedgerWriter {
    let core: LedgerCore

    /// The appender of every write of the ledger's events in `txn`.
    func appender(in txn: Transaction) -> Appender {
        Appender(catalog: core.catalog, tables: core.tables, txn: txn)
    }

    /// Appends `events` as one commit, sharing the durable write with the appends other
    /// threads make at the same time (group commit).
    func appendSharingCommit(_ events: [PendingEvent], mode: RuleMode) throws -> AppendResult {
        try core.groupCommit.append(events, mode: mode, writer: self)
    }

    /// Runs `body` in a write transaction that is then rolled back: events appended there are
    /// checked and folded into the read models as if committed, for a preview, and leave no
    /// trace.
    func rehearse<T>(_ body: (Transaction) throws -> T) throws -> T {
        try core.environment.write(commit: false, body)
    }

    /// Runs `body` on the read models as if `events` were appended, in a write transaction
    /// that is rolled back: a preview.
    func preview<T>(_ events: [PendingEvent], _ body: (ReadModelReader) throws -> T) throws -> T {
        try rehearse { txn in
            if !events.isEmpty {
                _ = try appender(in: txn).append(events, mode: .strict)
            }
            return try body(ReadModelReader(StoredReadModel(txn, tables: core.tables.readModels)))
        }
    }

    /// Runs `body`, which writes outside the log (a form session's record, the replica's
    /// identity), in a write transaction of its own.
    func writeOutsideLog<T>(_ body: (Transaction) throws -> T) throws -> T {
        try core.environment.write(body)
    }

    /// Runs `body`, which catches the replica up on its primary's events in the write
    /// transaction it is given (the primary's own commits: nothing goes to the primary).
    func catchUp<T>(_ body: (Transaction) throws -> T) throws -> T {
        try core.environment.write(body)
    }

    /// Runs `body`, which appends to the log in the write transaction it is given, reserving
    /// about `bytes` of map for it, and commits its events as described above. `body` also
    /// gets the time its commits are recorded at (never before the previous commit's: the
    /// appender sees to that).
    func commit<T>(reserving bytes: Int = 0, _ body: (Transaction, Timestamp) throws -> T) throws -> T {
        var committedOnPrimary: [RecordedEvent] = []
        do {
            return try core.environment.write(reserving: bytes) { txn in
                // A rerun after the primary committed (the local commit found the map full)
                // must not append the events again: events without an id would be doubled.
                guard committedOnPrimary.isEmpty else {
                    throw LedgerError(.storage, "\(core.path): the map had to grow after the primary committed")
                }
                return try run(txn, body) { committedOnPrimary = $0 }
            }
        } catch let error where !committedOnPrimary.isEmpty {
            throw Self.unrecorded(committedOnPrimary, path: core.path, because: error)
        }
    }

    /// Runs `body` in `txn` through the primary, if any; `committed` is told the events the
    /// primary committed, once it has.
    private func run<T>(
        _ txn: Transaction, _ body: (Transaction, Timestamp) throws -> T,
        committed: ([RecordedEvent]) -> Void
    ) throws -> T {
        guard let primary = core.primary else {
            try ReplicaIdentity.requireOwnLedger(txn, core.tables, path: core.path)
            return try body(txn, Timestamp.now())
        }
        var inserted: [RecordedEvent] = []
        let value = try primary.withLockedLog { log in
            try ReplicaIdentity.adopt(try log.identity(), txn, core.tables, path: core.path)
            let head = try LogHead(txn, core.tables)
            let standing = try log.standing(at: head.position)
            try standing.requireHolds(head, replica: core.path)
            try Replication(core: core).catchUp(try log.events(after: head.position, throughCommit: nil), txn)
            let caughtUp = try LogHead(txn, core.tables).position
            let value = try body(txn, standing.clock)
            // A full map reruns the whole write once the map has grown: nothing may reach
            // the primary from this attempt (an append of a group may have failed for it).
            guard !txn.hitMapFull else { throw LedgerError(.storage, "\(core.path): the map is full") }
            inserted = try core.recordedEvents(after: caughtUp, txn)
            try log.insert(inserted)
            return value
        }
        committed(inserted)
        return value
    }

    /// The error of a write whose events the primary committed (`events`) but whose local
    /// commit into the file at `path` then failed with `error`.
    static func unrecorded(_ events: [RecordedEvent], path: String, because error: any Error) -> LedgerError {
        let reason = (error as? LedgerError)?.message ?? "\(error)"
        let first = events[0], last = events[events.count - 1]
        let commits = first.commit == last.commit ? "commit \(first.commit)" : "commits \(first.commit)–\(last.commit)"
        let positions = first.position == last.position ? "position \(first.position)" : "positions \(first.position)–\(last.position)"
        return LedgerError(
            .storage,
            """
            committed on the primary as \(commits) (\(positions)), but \(path) could not record it: \(reason). \
            The file catches up on its next sync or write
            """, subject: commits)
    }
}
