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
        var values = [JSONValue?](repeating: nil, count: EnvelopeField.all.count)
        var unknown: String?
        for (key, value) in members {
            if let index = EnvelopeField.names.firstIndex(of: key) {
                values[index] = value
            } else if unknown.map({ key < $0 }) ?? true {
                unknown = key
            }
        }
        if let unknown { throw LedgerError.unknownField(unknown) }
        if let missing = EnvelopeField.all.first(where: { values[$0.index] == nil }) {
            throw LedgerError.invalidField(missing.rawValue, "missing")
        }
        func value(_ field: EnvelopeField) -> JSONValue {
            values[field.index]!
        }
        func number(_ field: EnvelopeField) throws(LedgerError) -> UInt64 {
            guard let number = value(field).int64Value, number >= 1 else {
                throw LedgerError.invalidField(field.rawValue, "expected a whole number ≥ 1")
            }
            return UInt64(number)
        }
        func text(_ field: EnvelopeField) throws(LedgerError) -> String {
            guard let text = value(field).stringValue else { throw LedgerError.invalidField(field.rawValue, "expected a string") }
            return text
        }
        guard let schemaVersion = value(.schemaVersion).int64Value, (1...Int64(UInt16.max)).contains(schemaVersion) else {
            throw LedgerError.invalidField("schemaVersion", "expected a whole number from 1 to \(UInt16.max)")
        }
        guard let id = EventID(try text(.id)) else { throw LedgerError.invalidField("id", "not a UUID") }
        guard let recordedAt = Timestamp(iso8601: try text(.recordedAt)) else {
            throw LedgerError.invalidField("recordedAt", "not an ISO-8601 time")
        }
        guard let payload = value(.data).objectValue else { throw LedgerError.invalidField("data", "expected an object") }
        guard let metadata = value(.metadata).objectValue else { throw LedgerError.invalidField("metadata", "expected an object") }
        self.id = id
        type = try text(.type)
        self.schemaVersion = Int(schemaVersion)
        self.payload = payload
        var texts: [String: String] = [:]
        for (key, value) in metadata {
            guard let string = value.stringValue else { throw LedgerError.invalidField("metadata", "values must be strings") }
            texts[key] = string
        }
        self.metadata = texts
        stream = try text(.stream)
        sourceCommit = try number(.commit)
        self.recordedAt = recordedAt
        sourcePosition = try number(.position)
        sourceVersion = try number(.version)
        sourceHash = try text(.hash)
    }
}

/// The fields of an envelope, in the order their problems are named (by name).
private enum EnvelopeField: String, CaseIterable {
    case commit, data, hash, id, metadata, position, recordedAt, schemaVersion, stream, type, version

    /// The fields in order, made once.
    static let all = allCases
    /// Their names, in the same order: a search compares a few short strings, where
    /// `init(rawValue:)` compares strings in a slower, general way.
    static let names = all.map(\.rawValue)

    /// Its place among all fields.
    var index: Int { Self.all.firstIndex(of: self)! }
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
    /// into its own chain. On failure `LedgerError.eventIndex` names the failing event.
    @discardableResult
    public func importEvents(_ events: [ImportedEvent], rehash: Bool = false) throws(LedgerError) -> ImportReport {
        try importEvents(from: ImportedEventArray(events), rehash: rehash)
    }

    /// Imports the events of `source` as `importEvents(_:rehash:)` does, reading, checking and
    /// appending one source commit at a time inside one write: memory holds one source commit
    /// (and what the hash chain keeps), not the whole input. An error the source throws ends
    /// the import as it is, appending nothing. Indexes in errors count the source's events from 0.
    @discardableResult
    public func importEvents(from source: some ImportedEventSource, rehash: Bool = false) throws(LedgerError) -> ImportReport {
        try LedgerError.typed {
            var source = source
            let latestTime = Timestamp(microseconds: Timestamp.now().microseconds + ImportedEvent.maximumClockSkew)
            return try environment.write(reserving: source.estimatedEventCount * Environment.bytesPerEvent) { txn in
                try WriteRoute(ledger: self).run(txn) {
                    try source.rewind()
                    let appender = Appender(catalog: catalog, tables: tables, txn: txn)
                    var chain = rehash ? nil : ImportedHashChain()
                    // A commit's events are appended before a hash error among them is thrown,
                    // so what the append refuses (an id reused, say) is named first.
                    var chainError: (any Error)?
                    var read = 0, appended = 0, commits = 0
                    var commit: [PendingEvent] = [], commitStart = 0, commitSource: UInt64 = 0, commitTime = Timestamp(microseconds: 0)
                    /// Appends the events of the source commit read so far.
                    func appendCommit() throws {
                        guard !commit.isEmpty else { return }
                        let added = try appendImported(commit, startingAt: commitStart, recordedAt: commitTime, appender, txn)
                        if let chainError { throw chainError }
                        appended += added
                        commits += added > 0 ? 1 : 0
                        commit.removeAll(keepingCapacity: true)
                    }
                    while let event = try source.next() {
                        if commit.isEmpty || event.sourceCommit != commitSource {
                            try appendCommit()
                            (commitStart, commitSource, commitTime) = (read, event.sourceCommit, event.recordedAt)
                        }
                        do {
                            commit.append(try pendingEvent(event, index: read, latestTime: latestTime))
                        } catch {
                            // What the append refuses among the commit's earlier events is named first.
                            if !commit.isEmpty {
                                _ = try appendImported(commit, startingAt: commitStart, recordedAt: commitTime, appender, txn)
                            }
                            throw error
                        }
                        do {
                            if chainError == nil { try chain?.add(event, index: read) }
                        } catch {
                            chainError = error
                        }
                        read += 1
                    }
                    try appendCommit()
                    guard read > 0 else { throw LedgerError(.invalidInput, "nothing to import") }
                    try chain?.finish()
                    return ImportReport(appended: appended, duplicates: read - appended, commits: commits)
                }
            }
        }
    }

    /// Appends `events`, one source commit whose first event is the import's `start`th, as one
    /// commit recorded at `time`; returns how many were new (errors name the import's index).
    private func appendImported(_ events: [PendingEvent], startingAt start: Int, recordedAt time: Timestamp,
                                _ appender: Appender, _ txn: Transaction) throws -> Int {
        let headBefore = try LogHead(txn, tables).position
        do {
            let result = try appender.append(events, mode: .importing, recordedAt: time)
            return Set(result.positions.filter { $0 > headBefore }).count
        } catch var error as LedgerError {
            error.eventIndex = error.eventIndex.map { start + $0 }
            throw error
        }
    }

    /// The event to append for `event`, after checking that its time is not after
    /// `latestTime`; the append checks that its stream matches its data.
    private func pendingEvent(_ event: ImportedEvent, index: Int, latestTime: Timestamp) throws -> PendingEvent {
        guard event.recordedAt <= latestTime else {
            let minutes = ImportedEvent.maximumClockSkew / 60_000_000
            var error = LedgerError.invalidField("recordedAt", "\(event.recordedAt) is more than \(minutes) minutes ahead of this machine's clock")
            error.eventIndex = index
            throw error
        }
        var pending = PendingEvent(type: event.type, payload: event.payload, id: event.id, metadata: event.metadata,
                                   schemaVersion: event.schemaVersion)
        pending.importedStream = event.stream
        return pending
    }
}
