/// A replica's pending and refused commits, kept in the `sessions` table as a session of their
/// own that is never listed as a form session (see `SessionEntryKind`). The pending commits'
/// events are its staged events, each under `eventIndex(commit, event)`, and its overlay holds
/// the replica's read models with them applied, in the order they were queued; the read
/// models themselves hold only what the primary confirmed.
struct PendingQueue {
    /// The id of the session that holds the queue: not one a form session can have (those are UUIDs).
    static let recordID = "pending commits"
    /// How many events one pending commit can hold: its events' indices leave that many under
    /// the commit's number.
    static let eventsPerCommit = 1 << 24

    let record: StoredSession
    let core: LedgerCore

    /// The queue `txn` holds; nil when nothing was ever queued, or all was sent and nothing refused.
    static func existing(_ core: LedgerCore, _ txn: Transaction) throws -> PendingQueue? {
        guard try txn.get(core.tables.sessions, Array(recordID.utf8)) != nil else { return nil }
        return PendingQueue(record: try StoredSession(recordID, in: core.tables.sessions, txn), core: core)
    }

    /// The queue of `txn`, a write transaction, begun when there is none.
    static func opened(_ core: LedgerCore, _ txn: Transaction) throws -> PendingQueue {
        if let queue = try existing(core, txn) { return queue }
        try StoredSession.begin(recordID, SessionHeader(name: nil, createdAt: .now()), in: core.tables.sessions, txn)
        return PendingQueue(record: try StoredSession(recordID, in: core.tables.sessions, txn), core: core)
    }

    /// The index the event at `event` of pending commit `commit` is staged under.
    static func eventIndex(_ commit: UInt64, _ event: Int) -> Int { Int(commit) * eventsPerCommit + event }

    // MARK: - Pending commits

    /// Every pending commit's entry, in the order queued.
    func commits() throws -> [QueuedCommit] {
        var commits: [QueuedCommit] = []
        try record.forEachEntry(record.key(.pendingCommit)) { key, value in
            commits.append(try QueuedCommit(id: LedgerTables.readBigEndian(key, at: key.count - 8), bytes: value))
        }
        return commits
    }

    /// The numbers of the pending commits, in the order queued, read from their keys alone.
    func commitIDs() throws -> [UInt64] {
        var ids: [UInt64] = []
        try record.forEachEntry(record.key(.pendingCommit)) { key, _ in ids.append(LedgerTables.readBigEndian(key, at: key.count - 8)) }
        return ids
    }

    /// Whether any commit is pending, found without reading them.
    func hasCommits() throws -> Bool {
        let prefix = record.key(.pendingCommit)
        return try record.txn.withCursor(record.table) { cursor in
            guard let first = try cursor.seek(atLeast: prefix) else { return false }
            return first.key.starts(with: prefix)
        }
    }

    /// The events of `commit`, in order.
    func events(of commit: QueuedCommit) throws -> [PendingEvent] {
        try (0..<commit.count).map { try record.event(at: Self.eventIndex(commit.id, $0)) }
    }

    /// Every pending commit, in the order queued.
    func pending() throws -> [PendingCommit] {
        try commits().map(pendingCommit)
    }

    /// The pending commit of entry `commit`, with its events and their streams.
    func pendingCommit(_ commit: QueuedCommit) throws -> PendingCommit {
        PendingCommit(
            id: commit.id, queuedAt: commit.queuedAt, events: try events(of: commit), streams: commit.streams,
            appliesLocally: commit.appliesLocally)
    }

    /// Checks `events` against the replica's state with the earlier pending commits applied,
    /// as an append would, and queues them as one pending commit dated `time`. Returns its
    /// number and the ids assigned to fields left out. A refused event throws its error
    /// (`LedgerError.eventIndex` naming it); the caller's transaction is then rolled back.
    func enqueue(_ events: [PendingEvent], at time: Timestamp) throws -> (id: UInt64, assignedIDs: AssignedIDs) {
        guard !events.isEmpty else { throw LedgerError(.invalidInput, "a commit needs at least one event") }
        guard events.count < Self.eventsPerCommit else {
            throw LedgerError(.invalidInput, "a pending commit holds at most \(Self.eventsPerCommit - 1) events")
        }
        let stager = try madeStager()
        try stager.overlay.date(max(time, try LogHead(record.txn, core.tables).recordedAt))
        let id = try nextID()
        var assignedIDs = AssignedIDs()
        var streams: [String] = []
        for (offset, event) in events.enumerated() {
            var staged = event
            do {
                let prepared = try core.catalog.prepare(event)
                staged.payload = try prepared.event.payload
                staged.id = event.id ?? EventID.generate()
                assignedIDs.append(prepared.assignedIDs)
                streams.append(prepared.event.stream)
                try stager.stage(staged, at: Self.eventIndex(id, offset))
            } catch var error as LedgerError {
                error.eventIndex = offset
                throw error
            }
            try record.putEvent(staged, at: Self.eventIndex(id, offset))
        }
        try put(QueuedCommit(id: id, queuedAt: time, streams: streams, appliesLocally: true))
        return (id, assignedIDs)
    }

    /// Removes pending commit `commit`: sent and accepted, or discarded. The overlay is made
    /// again when next read, without it: its base is dropped (the rest goes when it is made
    /// again, so that sending many commits in a row does not empty it each time).
    func remove(_ commit: QueuedCommit) throws {
        for offset in 0..<commit.count { try record.deleteEvent(at: Self.eventIndex(commit.id, offset)) }
        try record.txn.delete(record.table, record.key(.pendingCommit, LedgerTables.bigEndian(commit.id)))
        try record.txn.delete(record.table, record.key(.overlayBase))
    }

    /// Throws `.conflict` when a pending commit wrote to a stream `events`, the undo of
    /// confirmed commit `undone`, write to: the undo would return it to a state before that
    /// pending commit's edit, which is not yet confirmed.
    func requireUntouched(by events: [PendingEvent], undoing undone: UInt64) throws {
        let streams = Set(try events.map { try core.catalog.prepare($0).event.stream })
        for commit in try commits() {
            for stream in commit.streams {
                guard !streams.contains(stream) else {
                    throw LedgerError(
                        .conflict, "commit \(undone) cannot be undone: pending commit \(commit.id) changed \(stream) since", subject: stream)
                }
            }
        }
    }

    /// The pending commit numbered `id`; `.notFound` when none is.
    func commit(_ id: UInt64) throws -> QueuedCommit {
        guard let bytes = try record.txn.get(record.table, record.key(.pendingCommit, LedgerTables.bigEndian(id))) else {
            throw LedgerError(.notFound, "no pending commit \(id)", subject: String(id))
        }
        return try QueuedCommit(id: id, bytes: bytes)
    }

    // MARK: - Refused commits

    /// Moves pending commit `commit`, whose `events` the primary refused with `reason`, to
    /// the refused commits.
    func refuse(_ commit: QueuedCommit, events: [PendingEvent], reason: LedgerError, at time: Timestamp) throws -> RefusedCommit {
        let refused = RefusedCommit(
            id: commit.id, queuedAt: commit.queuedAt, refusedAt: time, events: events, streams: commit.streams, reason: reason)
        try remove(commit)
        try record.txn.put(record.table, refusedKey(commit.id), RefusedCommitCoding.encoded(refused))
        return refused
    }

    /// Every refused commit, in the order they were queued.
    func refused() throws -> [RefusedCommit] {
        var refused: [RefusedCommit] = []
        try record.forEachEntry(record.key(.refusedCommit)) { _, value in refused.append(try RefusedCommitCoding.decode(value)) }
        return refused
    }

    /// Removes the refused commit numbered `id` and returns it; `.notFound` when none is.
    func removeRefused(_ id: UInt64) throws -> RefusedCommit {
        guard let bytes = try record.txn.get(record.table, refusedKey(id)) else {
            throw LedgerError(.notFound, "no refused commit \(id)", subject: String(id))
        }
        let refused = try RefusedCommitCoding.decode(bytes)
        try record.txn.delete(record.table, refusedKey(id))
        return refused
    }

    /// The pending and refused commits' entries, as bytes that change whenever one of them
    /// is queued, sent, refused, discarded or found to apply or not.
    func state() throws -> [UInt8] {
        var state: [UInt8] = []
        for kind in [SessionEntryKind.pendingCommit, .refusedCommit] {
            try record.forEachEntry(record.key(kind)) { key, value in
                state += Array(key) + LedgerTables.bigEndian(UInt64(value.count)) + Array(value)
            }
        }
        return state
    }

    /// Deletes the queue's record when it holds no pending and no refused commit.
    func deleteIfEmpty() throws {
        guard try commits().isEmpty, try refused().isEmpty else { return }
        try record.delete()
    }

    // MARK: - The replica's state with the pending commits

    /// The stager of the pending commits, its overlay made on the log as it is: when the log
    /// moved since, each pending commit is applied again in order, and one that no longer
    /// applies is left out (and noted so: `PendingCommit.appliesLocally`), all its events or none.
    func madeStager() throws -> SessionStager {
        let stager = try SessionStager(unmade: record, of: core)
        let head = try LogHead(record.txn, core.tables)
        guard !stager.overlay.isMade(on: head) else { return stager }
        try stager.overlay.restart(on: head)
        for commit in try commits() {
            try stager.overlay.date(max(commit.queuedAt, head.recordedAt))
            let applies = try apply(commit, with: stager)
            if applies != commit.appliesLocally {
                try put(commit.applying(applies))
            }
        }
        return stager
    }

    /// Applies `commit`'s events to the overlay of `stager`, or none of them when one is
    /// refused now; whether they applied.
    private func apply(_ commit: QueuedCommit, with stager: SessionStager) throws -> Bool {
        var staged: [Int] = []
        do {
            for (offset, event) in try events(of: commit).enumerated() {
                let index = Self.eventIndex(commit.id, offset)
                staged.append(index)
                try stager.stage(event, at: index)
            }
            return true
        } catch let error as LedgerError where Self.isRefusal(error) {
            // What the refused event changed before it failed is put back with the rest.
            if let last = staged.last { try stager.overlay.storeUndoRecord(of: last) }
            for index in staged.reversed() { try stager.overlay.undo(index) }
            return false
        }
    }

    /// Whether `error` refuses a write for what it says (a rule, an expected version, its
    /// input), rather than failing to read or write the file.
    static func isRefusal(_ error: LedgerError) -> Bool {
        [.ruleViolation, .conflict, .invalidInput, .notFound].contains(error.kind)
    }

    // MARK: - Entries

    /// The number of the next pending commit, never one given before while the queue exists:
    /// the last one given is kept in the queue's `pin` entry without a stream.
    private func nextID() throws -> UInt64 {
        let key = record.key(.pin)
        let last = try record.txn.get(record.table, key).map { LedgerTables.readBigEndian($0) } ?? 0
        try record.txn.put(record.table, key, LedgerTables.bigEndian(last + 1))
        return last + 1
    }

    private func put(_ commit: QueuedCommit) throws {
        try record.txn.put(record.table, record.key(.pendingCommit, LedgerTables.bigEndian(commit.id)), commit.encoded)
    }

    private func refusedKey(_ id: UInt64) -> [UInt8] {
        record.key(.refusedCommit, LedgerTables.bigEndian(id))
    }
}
