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
    @discardableResult
    public func stage(_ event: PendingEvent) throws(LedgerError) -> [String: String] {
        try LedgerError.typed {
            try ledger.core.writer.writeOutsideLog { txn in
                var record = try ledger.core.loadSession(id, txn)
                var staged = event
                let prepared = try ledger.core.catalog.prepare(event)
                staged.payload = try prepared.event.payload
                staged.id = event.id ?? EventID.generate()
                let appender = ledger.core.writer.appender(in: txn)
                let stream = prepared.event.stream
                let pin = try record.pins[stream] ?? appender.currentVersion(of: stream)
                try txn.withRolledBackChild { child in
                    do {
                        _ = try ledger.core.writer.appender(in: child)
                            .append(record.events + [staged], mode: .strict)
                    } catch var error as LedgerError {
                        error.eventIndex = nil
                        throw error
                    }
                }
                record.events.append(staged)
                record.pins[stream] = pin
                try txn.put(ledger.core.tables.sessions, Array(id.utf8), record.encoded)
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
            try ledger.core.environment.read { txn in try ledger.core.loadSession(id, txn).info }
        }
    }

    /// Runs `body` on the read models as if the session were committed. The preview is
    /// computed by the same `apply` of each domain, in a transaction that is rolled back.
    public func preview<T>(_ body: (ReadModelReader) throws -> T) throws -> T {
        let events = try ledger.core.environment.read { txn in try ledger.core.loadSession(id, txn).events }
        return try ledger.core.writer.preview(events, body)
    }

    /// Runs the query called `name` on the preview.
    public func query(_ name: String, _ input: QueryDefinition.Input = .init()) throws(LedgerError) -> QueryResult {
        try LedgerError.typed {
            let definition = try ledger.core.queryDefinition(name)
            return try preview { state in try definition.run(input, state) }
        }
    }

    /// Appends every staged event as ONE commit and deletes the session, atomically.
    ///
    /// Fails with `.conflict`, appending nothing and keeping the session, when a stream the
    /// session touched has moved since; with `.ruleViolation` when a rule is now broken.
    @discardableResult
    public func commit() throws(LedgerError) -> AppendResult {
        try LedgerError.typed {
            try ledger.core.writer.commit { txn, now in
                let record = try ledger.core.loadSession(id, txn)
                guard !record.events.isEmpty else { throw LedgerError(.invalidInput, "session \(id) has no staged events") }
                let appender = ledger.core.writer.appender(in: txn)
                for (stream, pinned) in record.pins.sorted(by: { $0.key < $1.key }) {
                    let current = try appender.currentVersion(of: stream)
                    guard current == pinned else {
                        throw LedgerError(
                            .conflict, "stream \(stream) moved from version \(pinned) to \(current) since session \(id) touched it",
                            subject: stream)
                    }
                }
                let result = try appender.append(record.events, mode: .strict, recordedAt: now)
                try txn.delete(ledger.core.tables.sessions, Array(id.utf8))
                return result
            }
        }
    }

    /// Drops the last staged event, and forgets the version of a stream no staged event
    /// touches any more; returns the dropped event, nil when none was staged.
    @discardableResult
    public func undo() throws(LedgerError) -> PendingEvent? {
        try LedgerError.typed {
            try ledger.core.writer.writeOutsideLog { txn in
                var record = try ledger.core.loadSession(id, txn)
                guard let dropped = record.events.popLast() else { return nil }
                let streams = try Set(record.events.map { try ledger.core.catalog.prepare($0).event.stream })
                record.pins = record.pins.filter { streams.contains($0.key) }
                try txn.put(ledger.core.tables.sessions, Array(id.utf8), record.encoded)
                return dropped
            }
        }
    }

    /// Deletes the session; the log and read models are untouched.
    public func discard() throws(LedgerError) {
        try LedgerError.typed {
            try ledger.core.writer.writeOutsideLog { txn in
                _ = try ledger.core.loadSession(id, txn)
                try txn.delete(ledger.core.tables.sessions, Array(id.utf8))
            }
        }
    }
}

extension SessionRecord {
    var info: SessionInfo {
        SessionInfo(id: id, name: name, createdAt: createdAt, events: events, streams: pins)
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
                try txn.put(core.tables.sessions, Array(id.utf8), SessionRecord(id: id, name: name, createdAt: .now()).encoded)
            }
            return Session(ledger: self, id: id)
        }
    }

    /// The existing session `id`; `.notFound` when there is none.
    public func session(_ id: String) throws(LedgerError) -> Session {
        try LedgerError.typed {
            try core.environment.read { txn in _ = try core.loadSession(id, txn) }
            return Session(ledger: self, id: id)
        }
    }

    /// Every open session, oldest first.
    public func sessions() throws(LedgerError) -> [SessionInfo] {
        try LedgerError.typed {
            try core.environment.read { txn in
                var result: [SessionInfo] = []
                try txn.withCursor(core.tables.sessions) { cursor in
                    try cursor.scan(prefix: []) { entry in
                        let id = String(decoding: entry.key, as: UTF8.self)
                        result.append(try SessionRecord(id: id, bytes: entry.value).info)
                        return true
                    }
                }
                return result.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
            }
        }
    }
}

extension LedgerCore {
    /// The stored session `id`, read in `txn`; `.notFound` when there is none.
    func loadSession(_ id: String, _ txn: Transaction) throws -> SessionRecord {
        guard !id.isEmpty, let bytes = try txn.get(tables.sessions, Array(id.utf8)) else {
            throw LedgerError(.notFound, "session \(id) does not exist", subject: id)
        }
        return try SessionRecord(id: id, bytes: bytes)
    }
}
