/// An event read from another ledger's export (an interchange envelope): what an import keeps of it.
public struct ImportedEvent: Sendable {
    /// The event's id, kept: re-importing it appends nothing.
    public let id: EventID
    /// The event type.
    public let type: String
    /// The schema version of the payload, kept: the ledger upcasts it when read.
    public let schemaVersion: Int
    /// The payload.
    public let payload: [String: JSONValue]
    /// The metadata.
    public let metadata: [String: String]
    /// The stream the envelope names; it must match the stream the payload derives.
    public let stream: String
    /// The commit it belonged to in its ledger; consecutive events of one commit stay one commit.
    public let sourceCommit: UInt64
    /// When its commit was recorded in its ledger; kept (never earlier than this ledger's last
    /// commit). An import refuses a time more than `maximumClockSkew` ahead of the clock.
    public let recordedAt: Timestamp
    /// Its position in its ledger, which its hash covers.
    public let sourcePosition: UInt64
    /// Its stream version in its ledger, which its hash covers.
    public let sourceVersion: UInt64
    /// The hash the envelope carries, as written (checked by an import unless it rehashes).
    public let sourceHash: String

    /// How far ahead of this machine's clock an imported commit time may be, in
    /// microseconds (5 minutes): clocks of syncing devices drift a little, but a time
    /// further ahead would stamp every later commit, which is never earlier than it.
    public static let maximumClockSkew: Int64 = 5 * 60 * 1_000_000

    /// The envelope's fields, in the order their problems are named.
    private static let fields = [
        "commit", "data", "hash", "id", "metadata", "position", "recordedAt", "schemaVersion",
        "stream", "type", "version",
    ]

    /// Reads an envelope, rejecting unknown, missing and mistyped fields (`.invalidInput`).
    public init(envelope: JSONValue) throws(LedgerError) {
        guard let object = envelope.objectValue else { throw LedgerError(.invalidInput, "an envelope must be a JSON object") }
        try self.init(members: object.map { $0 })
    }

    /// Reads an envelope from its members (`JSONValue.parseMembers`; nil when the text held
    /// another value than an object), as `init(envelope:)` does, without a dictionary made
    /// for the envelope.
    public init(members: [(key: String, value: JSONValue)]?) throws(LedgerError) {
        guard let members else { throw LedgerError(.invalidInput, "an envelope must be a JSON object") }
        if let unknown = members.map(\.key).filter({ !Self.fields.contains($0) }).min() { throw LedgerError.unknownField(unknown) }
        func member(_ field: String) -> JSONValue? {
            members.first { $0.key == field }?.value
        }
        if let missing = Self.fields.first(where: { member($0) == nil }) { throw LedgerError.invalidField(missing, "missing") }
        func value(_ field: String) -> JSONValue {
            member(field)!
        }
        func number(_ field: String) throws(LedgerError) -> UInt64 {
            guard let number = value(field).int64Value, number >= 1 else { throw LedgerError.invalidField(field, "expected a whole number ≥ 1") }
            return UInt64(number)
        }
        func text(_ field: String) throws(LedgerError) -> String {
            guard let text = value(field).stringValue else { throw LedgerError.invalidField(field, "expected a string") }
            return text
        }
        guard let schemaVersion = value("schemaVersion").int64Value, (1...Int64(UInt16.max)).contains(schemaVersion) else {
            throw LedgerError.invalidField("schemaVersion", "expected a whole number from 1 to \(UInt16.max)")
        }
        guard let id = EventID(try text("id")) else { throw LedgerError.invalidField("id", "not a UUID") }
        guard let recordedAt = Timestamp(iso8601: try text("recordedAt")) else {
            throw LedgerError.invalidField("recordedAt", "not an ISO-8601 time")
        }
        guard let payload = value("data").objectValue else { throw LedgerError.invalidField("data", "expected an object") }
        guard let metadata = value("metadata").objectValue else { throw LedgerError.invalidField("metadata", "expected an object") }
        self.id = id
        type = try text("type")
        self.schemaVersion = Int(schemaVersion)
        self.payload = payload
        var texts: [String: String] = [:]
        for (key, value) in metadata {
            guard let string = value.stringValue else { throw LedgerError.invalidField("metadata", "values must be strings") }
            texts[key] = string
        }
        self.metadata = texts
        stream = try text("stream")
        sourceCommit = try number("commit")
        self.recordedAt = recordedAt
        sourcePosition = try number("position")
        sourceVersion = try number("version")
        sourceHash = try text("hash")
    }
}

/// What an import did.
public struct ImportReport: Sendable, Equatable {
    /// Events appended.
    public let appended: Int
    /// Events skipped because their id was already in the log.
    public let duplicates: Int
    /// Commits created.
    public let commits: Int
}

extension Ledger {
    /// Appends events exported from another ledger, all or nothing: every source commit
    /// becomes one commit here (keeping its time), events already in the log under their id
    /// are skipped (an id naming another event is `.invalidInput`), and
    /// references to entities not yet known are accepted (devices sync out of order).
    /// A commit time more than `ImportedEvent.maximumClockSkew` ahead of the clock is
    /// `.invalidInput`. So is a hash that is malformed or does not chain (see
    /// `ImportedHashChain`), unless `rehash` says the events were rewritten on purpose:
    /// their hashes are then ignored. Either way the ledger hashes every event it appends
    /// into its own chain. An undo's metadata `undoes` is rewritten to name the undone commit
    /// as this ledger numbers it; an undo of a commit this ledger is not known to hold is
    /// `.invalidInput` (see `ImportedUndoes`). On failure `LedgerError.eventIndex` names the
    /// failing event.
    @discardableResult
    public func importEvents(_ events: [ImportedEvent], rehash: Bool = false) throws(LedgerError) -> ImportReport {
        try importEvents(from: ImportedEventArray(events), rehash: rehash)
    }

    /// Imports the events of `source` as `importEvents(_:rehash:)` does, reading, checking and
    /// appending its events as it goes inside one write: memory holds none of the input (but
    /// what the hash chain keeps), however large its commits. An error the source throws
    /// ends the import as it is, appending nothing. Indexes in errors count the source's events from 0.
    @discardableResult
    public func importEvents(from source: some EventSource<ImportedEvent>, rehash: Bool = false) throws(LedgerError) -> ImportReport {
        try LedgerError.typed {
            var source = source
            return try core.writer.commit(reserving: source.estimatedEventCount * Environment.bytesPerEvent) { txn, now in
                try source.rewind()
                let appender = core.writer.appender(in: txn)
                let latestTime = Timestamp(microseconds: now.microseconds + ImportedEvent.maximumClockSkew)
                let events = ImportedCommits(source, chain: rehash ? nil : ImportedHashChain(), latestTime: latestTime)
                try events.noteCommitsHeld(txn, core.tables)
                var appended = 0, commits = 0
                while let (sourceCommit, time) = try events.nextCommit() {
                    let start = events.handedOver
                    let (added, here) = try appendImported(
                        events.eventsOfNextCommit(sourceCommit), startingAt: start,
                        recordedAt: time, appender, txn)
                    if let chainError = events.chainError { throw chainError }
                    events.record(sourceCommit, became: here)
                    appended += added
                    commits += added > 0 ? 1 : 0
                }
                guard events.handedOver > 0 else { throw LedgerError(.invalidInput, "nothing to import") }
                try events.finish()
                return ImportReport(appended: appended, duplicates: events.handedOver - appended, commits: commits)
            }
        }
    }

    /// Appends `events`, one source commit whose first event is the import's `start`th, as one
    /// commit recorded at `time`; returns how many were new and the commit here holding them
    /// all, nil when they are in more than one (errors name the import's index).
    private func appendImported(
        _ events: some PendingEventFeed, startingAt start: Int, recordedAt time: Timestamp,
        _ appender: Appender, _ txn: Transaction
    ) throws -> (added: Int, commit: UInt64?) {
        let headBefore = try LogHead(txn, core.tables).position
        let result: AppendResult
        do {
            result = try appender.append(from: events, mode: .importing, recordedAt: time)
        } catch var error as LedgerError {
            error.eventIndex = error.eventIndex.map { start + $0 }
            throw error
        }
        // New events take the positions after the head; those already in the log keep theirs.
        let added = Int(try LogHead(txn, core.tables).position - headBefore)
        let present = result.positions.lazy.filter { $0 <= headBefore }
        guard let earliest = present.min(), let latest = present.max() else { return (added, result.commit) }
        // Commits hold consecutive positions: the events present are in one commit when the
        // earliest and the latest are.
        let commit = try EventRecordView(core.record(txn, at: earliest), position: earliest).commit
        guard added == 0, try EventRecordView(core.record(txn, at: latest), position: latest).commit == commit else { return (added, nil) }
        return (added, commit)
    }
}
