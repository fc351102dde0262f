/// One batch being appended as one commit: the end of the log it has reached, the stream and
/// id entries it has gathered, and the stages each of its events goes through once prepared
/// (decoded and encoded): checked against the read models plus the earlier events of the
/// batch, recorded in the log, folded into the read models. The batch is finished once its
/// last event is: its entries, its fold and the domains' checkpoints are written.
///
/// The stream and id entries are written in key order at the end of the batch (or whenever a
/// large batch has gathered `foldLimits.indexEntries` of them): the batch's own are found in
/// memory meanwhile.
struct BatchInProgress {
    private let appender: Appender
    private let mode: RuleMode
    /// The commit the batch becomes, and its time.
    private let commit: UInt64
    private let recordedAt: Timestamp
    /// The read models the events are checked against and folded into.
    private let state: StoredReadModel
    /// The last event of the log: before the batch, then its last event recorded.
    private var head: LogHead
    private let positionBefore: UInt64
    private var streamEntries = SortedEntries()
    private var idEntries = SortedEntries()
    /// The version each stream the batch wrote to is at, and the position of each of its ids,
    /// since its entries were last written.
    private var streamVersions: [String: UInt64] = [:]
    private var idsInBatch: [EventID: UInt64] = [:]
    /// Per event: its position, and the ids the ledger assigned to its fields.
    private var positions = EventPositions()
    private var assigned = AssignedIDs()
    /// The last record encoded; its buffer is reused for the next.
    private var encodedRecord: [UInt8] = []
    /// The original position of the first event retried (its id already in the log).
    private var firstRetried: UInt64?
    /// The highest schema version above 1 of each event type recorded, with the type's name,
    /// by its domain's index and its own among the domain's types.
    private var schemaVersions: [Int: (type: String, version: Int)] = [:]

    /// Begins a batch after the last event of the log, about `count` events long, recorded at
    /// `requestedTime` (default: now) or at the previous commit's time if that is later; a
    /// large one folds its read-model writes in memory.
    init(_ appender: Appender, mode: RuleMode, isLarge: Bool, count: Int, recordedAt requestedTime: Timestamp?) throws {
        self.appender = appender
        self.mode = mode
        head = try LogHead(appender.txn, appender.tables)
        positionBefore = head.position
        commit = head.commit + 1
        recordedAt = max(requestedTime ?? Timestamp.now(), head.recordedAt)
        state = StoredReadModel(appender.txn, tables: appender.tables.readModels, foldingInMemory: isLarge)
        // No more than the entries gathered between two writes of them: a table sized for a
        // commit of millions would have its pages touched all over, one entry at a time.
        let gathered = min(count, appender.foldLimits.indexEntries)
        streamVersions.reserveCapacity(gathered)
        idsInBatch.reserveCapacity(gathered)
    }

    /// Appends `pending`, the `index`th event, prepared by `prepare` unless its id is already
    /// in the log (then it is a retry, which appends nothing); a `LedgerError` is located at
    /// `index`.
    @inline(__always)
    mutating func append(_ index: Int, _ pending: PendingEvent, prepared prepare: () throws -> PreparedEvent) throws {
        do {
            if let id = pending.id, let original = try idsInBatch[id] ?? appender.originalPosition(of: id) {
                try appender.requireSameEvent(pending, id: id, as: original)
                positions.append(original)
                assigned.append([:])
                firstRetried = firstRetried ?? original
                return
            }
            if let refusal = pending.importRefusal { throw refusal }
            let prepared = try prepare()
            let version = try check(pending, prepared)
            let position = try record(pending, prepared, after: version)
            try fold(prepared, at: position, index: index)
            positions.append(position)
            assigned.append(prepared.assignedIDs)
        } catch let error as LedgerError {
            var located = error
            located.eventIndex = index
            throw located
        }
    }

    /// Checks `prepared` against the ledger plus the earlier events of the batch: its stream
    /// (the one an import names), then what every append checks (`EventCatalog.check`).
    /// Returns the version its stream is at.
    private func check(_ pending: PendingEvent, _ prepared: PreparedEvent) throws -> UInt64 {
        let stream = prepared.event.stream
        try appender.requireImportedStream(pending, is: stream)
        let version = try streamVersions[stream] ?? appender.currentVersion(of: stream)
        try appender.catalog.check(prepared, expect: pending.expect, streamAt: version, against: ReadModelReader(state), mode: mode)
        return version
    }

    /// Writes `prepared` into the log after the head, as version `version + 1` of its stream,
    /// chaining its hash to the head's, and gathers its stream and id entries. Returns its position.
    private mutating func record(_ pending: PendingEvent, _ prepared: PreparedEvent, after version: UInt64) throws -> UInt64 {
        let stream = prepared.event.stream
        head.position += 1
        let id = pending.id ?? EventID.generate()
        let metadata = EventRecord.metadataBytes(pending.metadata)
        head.hash.withUnsafeBytes { previous in
            EventRecord.encode(
                position: head.position, commit: commit, recordedAt: recordedAt,
                version: version + 1, id: id, type: prepared.entry.typeName,
                stream: stream, schemaVersion: UInt16(prepared.schemaVersion),
                data: prepared.storedData,
                metadata: metadata, previousHash: previous, into: &encodedRecord)
        }
        head.hash = Array(encodedRecord.suffix(SHA256.digestLength))
        let positionKey = LedgerTables.bigEndian(head.position)
        try appender.txn.put(appender.tables.log, positionKey, encodedRecord, append: true)
        streamEntries.append(LedgerTables.streamKey(stream, version + 1), positionKey)
        idEntries.append(id.bytes, positionKey)
        streamVersions[stream] = version + 1
        idsInBatch[id] = head.position
        if prepared.schemaVersion > 1 { noteSchemaVersion(of: prepared) }
        return head.position
    }

    /// Notes the schema version `prepared` is recorded at, for `LoggedSchemaVersions`.
    private mutating func noteSchemaVersion(of prepared: PreparedEvent) {
        let key = prepared.entry.domainIndex << 32 | prepared.entry.typeIndex
        if let noted = schemaVersions[key], noted.version >= prepared.schemaVersion { return }
        schemaVersions[key] = (prepared.entry.typeName, prepared.schemaVersion)
    }

    /// Applies `prepared`, the `index`th event, recorded at `position`, to its domain's read
    /// models, with the links it makes; every `foldLimits.eventsPerCheck` events, writes what a
    /// large batch has folded and gathered past its limits.
    private mutating func fold(_ prepared: PreparedEvent, at position: UInt64, index: Int) throws {
        let (txn, links) = (appender.txn, appender.tables.links)
        let context = EventContext(position: position, recordedAt: recordedAt) { linked throws(LedgerError) in
            try LedgerError.typed { try txn.put(links, LedgerTables.streamKey(linked, position), []) }
        }
        state.position = position
        try appender.catalog.driver(of: prepared.entry).apply(prepared.event, context, ReadModelWriter(state))
        if index % appender.foldLimits.eventsPerCheck == 0 {
            if state.foldedByteCount > appender.foldLimits.commit { try state.storeFolded() }
            if idsInBatch.count >= appender.foldLimits.indexEntries { try storeIndexEntries() }
        }
    }

    /// Writes the stream and id entries gathered so far, which later events then find in
    /// their tables.
    private mutating func storeIndexEntries() throws {
        try streamEntries.put(into: appender.tables.streams, appender.txn)
        try idEntries.put(into: appender.tables.ids, appender.txn)
        streamEntries = SortedEntries()
        idEntries = SortedEntries()
        streamVersions.removeAll(keepingCapacity: true)
        idsInBatch.removeAll(keepingCapacity: true)
    }

    /// Ends the batch after its last event: writes its stream and id entries, its fold, the
    /// domains' checkpoints and the schema versions of its events above those recorded. A batch
    /// whose every event was a retry appended nothing: its result is the original commit's.
    mutating func finish() throws -> AppendResult {
        if head.position == positionBefore, let original = firstRetried {
            return try appender.retryResult(original: original, positions: positions, assigned: assigned)
        }
        try storeIndexEntries()
        try state.storeFolded()
        for domain in appender.catalog.domains {
            try appender.txn.put(appender.tables.checkpoints, Array(domain.readModelName.utf8), LedgerTables.bigEndian(head.position))
        }
        if !schemaVersions.isEmpty {
            try LoggedSchemaVersions.raise(
                Dictionary(uniqueKeysWithValues: schemaVersions.values.map { ($0.type, $0.version) }), appender.txn,
                appender.tables.checkpoints)
        }
        return AppendResult(commit: commit, recordedAt: recordedAt, positions: positions, assignedIDs: assigned, appended: true)
    }
}
