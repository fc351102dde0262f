/// What a form session holds: its staged events and the streams they touch.
public struct SessionInfo: Sendable {
    /// The session id.
    public let id: String
    /// The optional name given at `begin`.
    public let name: String?
    /// When the session began.
    public let createdAt: Timestamp
    /// The staged events, in order, with the ids they will be appended with.
    public let events: [PendingEvent]
    /// Each touched stream and the version it had when the session first touched it.
    public let streams: [String: UInt64]
}

/// An edit form as an uncommitted event batch: stage events, preview every read model
/// as if they were committed, then commit them as one commit or discard them.
///
/// Sessions are stored in the ledger file outside the log: they survive restarts, have no
/// position and never show in the log, exports or queries other than their own previews.
public struct Session: Sendable {
    /// The ledger the session belongs to.
    public let ledger: Ledger
    /// The session id.
    public let id: String

    /// Stages one event after checking it against the ledger plus the earlier staged events;
    /// a rejected event is not staged. Returns the ids the ledger assigned to fields left out.
    ///
    /// Staging costs about the same however many events are staged before it, unless the log
    /// moved since the session was last staged to: the earlier staged events are then checked
    /// and applied again, on top of the log as it is.
    @discardableResult
    public func stage(_ event: PendingEvent) throws(LedgerError) -> [String: String] {
        try LedgerError.typed {
            try ledger.core.writer.writeOutsideLog { txn in
                let session = try stored(in: txn)
                var staged = event
                let prepared = try ledger.core.catalog.prepare(event)
                staged.payload = try prepared.event.payload
                staged.id = event.id ?? EventID.generate()
                let index = try session.eventCount()
                do {
                    try SessionStager(session, of: ledger.core).stage(staged, at: index)
                } catch var error as LedgerError {
                    error.eventIndex = nil
                    throw error
                }
                try session.putEvent(staged, at: index)
                let stream = prepared.event.stream
                if try session.pin(of: stream) == nil {
                    let version = try ledger.core.writer.appender(in: txn).currentVersion(of: stream)
                    try session.put(SessionPin(stream: stream, version: version, firstIndex: index))
                }
                return prepared.assignedIDs
            }
        }
    }

    /// Stages one typed event.
    @discardableResult
    public func stage<Event: DomainEvent>(_ event: Event, metadata: [String: String] = [:]) throws(LedgerError) -> [String: String] {
        try LedgerError.typed {
            try stage(PendingEvent(event, metadata: metadata))
        }
    }

    /// The staged events and touched streams.
    public func info() throws(LedgerError) -> SessionInfo {
        try LedgerError.typed {
            try ledger.core.environment.read { txn in try stored(in: txn).info() }
        }
    }

    /// The number of staged events, read without the events themselves.
    public func stagedEventCount() throws(LedgerError) -> Int {
        try LedgerError.typed {
            try ledger.core.environment.read { txn in try stored(in: txn).eventCount() }
        }
    }

    /// Runs `body` on the read models as if the session were committed. The preview is
    /// computed by the same `apply` of each domain, in a transaction that is rolled back: it
    /// reads what the staged events changed over the current read models, and checks and
    /// applies them again only when the log moved since they were last staged.
    public func preview<T>(_ body: (ReadModelReader) throws -> T) throws -> T {
        try ledger.core.writer.rehearse { txn in
            try body(ReadModelReader(SessionStager(try stored(in: txn), of: ledger.core).overlay))
        }
    }

    /// Runs the query called `name` on the preview.
    public func query(_ name: String, _ input: QueryDefinition.Input = .init()) throws(LedgerError) -> QueryResult {
        try LedgerError.typed {
            let definition = try ledger.core.queryDefinition(name)
            return try preview { state in try definition.run(input, state) }
        }
    }

    /// Appends every staged event as ONE commit and deletes the session, atomically. On a
    /// replica that queues what it cannot send (`WhenUnreachable.queue`), a commit while the
    /// primary is unreachable becomes one pending commit, the session deleted with it.
    ///
    /// Fails with `.conflict`, appending nothing and keeping the session, when a stream the
    /// session touched has moved since; with `.ruleViolation` when a rule is now broken.
    @discardableResult
    public func commit() throws(LedgerError) -> AppendResult {
        try LedgerError.typed {
            guard ledger.core.primary != nil else { return try commitOnline() }
            return try OfflineWrites(core: ledger.core).write(online: commitOnline, pending: { $0 }) { txn in
                let session = try stored(in: txn)
                let events = try checkedEvents(of: session)
                try session.delete()
                return events
            }
        }
    }

    /// Appends every staged event as one commit and deletes the session, through the primary if any.
    private func commitOnline() throws -> AppendResult {
        try ledger.core.writer.commit { txn, now in
            let session = try stored(in: txn)
            let result = try ledger.core.writer.appender(in: txn).append(try checkedEvents(of: session), mode: .strict, recordedAt: now)
            try session.delete()
            return result
        }
    }

    /// The staged events of `session`, once it is checked that there are some and that no
    /// stream it touched moved since.
    private func checkedEvents(of session: StoredSession) throws -> [PendingEvent] {
        let events = try session.events()
        guard !events.isEmpty else { throw LedgerError(.invalidInput, "session \(id) has no staged events") }
        let appender = ledger.core.writer.appender(in: session.txn)
        for pin in try session.pins().sorted(by: { $0.stream < $1.stream }) {
            let current = try appender.currentVersion(of: pin.stream)
            guard current == pin.version else {
                throw LedgerError(
                    .conflict, "stream \(pin.stream) moved from version \(pin.version) to \(current) since session \(id) touched it",
                    subject: pin.stream)
            }
        }
        return events
    }

    /// Drops the last staged event, and forgets the version of a stream no staged event
    /// touches any more; returns the dropped event, nil when none was staged.
    @discardableResult
    public func undo() throws(LedgerError) -> PendingEvent? {
        try LedgerError.typed {
            try ledger.core.writer.writeOutsideLog { txn in
                let session = try stored(in: txn)
                let count = try session.eventCount()
                guard count > 0 else { return nil }
                let index = count - 1
                let dropped = try session.event(at: index)
                try session.deleteEvent(at: index)
                let stream = try ledger.core.catalog.prepare(dropped).event.stream
                if let pin = try session.pin(of: stream), pin.firstIndex == index { try session.deletePin(of: stream) }
                // An overlay made on another head is made again, without the dropped event, when next used.
                let overlay = try SessionOverlay(session, of: ledger.core)
                if overlay.isMade(on: try LogHead(txn, ledger.core.tables)) { try overlay.undo(index) }
                return dropped
            }
        }
    }

    /// Deletes the session; the log and read models are untouched.
    public func discard() throws(LedgerError) {
        try LedgerError.typed {
            try ledger.core.writer.writeOutsideLog { txn in try stored(in: txn).delete() }
        }
    }

    /// The session's entries in `txn`; `.notFound` when it does not exist (any more).
    private func stored(in txn: Transaction) throws -> StoredSession {
        try StoredSession(id, in: ledger.core.tables.sessions, txn)
    }
}

extension Ledger {
    /// Begins a new, empty form session. A name obeys the rules of names (trimmed, 1–200
    /// characters, no control characters); one that does not is `.invalidInput` about `name`.
    public func beginSession(name: String? = nil) throws(LedgerError) -> Session {
        try LedgerError.typed {
            let name = try name.map { try FieldRules.validName($0, field: "name") }
            let id = EventID.generate().description
            try core.writer.writeOutsideLog { txn in
                try StoredSession.begin(id, SessionHeader(name: name, createdAt: .now()), in: core.tables.sessions, txn)
            }
            return Session(ledger: self, id: id)
        }
    }

    /// The existing session `id`; `.notFound` when there is none.
    public func session(_ id: String) throws(LedgerError) -> Session {
        try LedgerError.typed {
            guard id != PendingQueue.recordID else { throw LedgerError(.notFound, "session \(id) does not exist", subject: id) }
            try core.environment.read { txn in _ = try StoredSession(id, in: core.tables.sessions, txn) }
            return Session(ledger: self, id: id)
        }
    }

    /// Every open session, oldest first.
    public func sessions() throws(LedgerError) -> [SessionInfo] {
        try LedgerError.typed {
            try core.environment.read { txn in
                try StoredSession.all(in: core.tables.sessions, txn).filter { $0.id != PendingQueue.recordID }.map { try $0.info() }
                    .sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            }
        }
    }
}
