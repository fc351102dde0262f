/// Appends one batch of events as one commit inside a write transaction: validates each
/// event against the read models plus the earlier events of the batch, writes the log record,
/// the stream, id and link indexes, and applies the read models.
///
/// The stream and id indexes are written at the end of the batch, in key order (the batch's
/// own entries are found in memory meanwhile). A batch of `foldedInMemoryFrom` events or
/// more folds its read-model writes in memory and writes them in key order too, so that a
/// large import or bulk load writes each page of the file once instead of searching the
/// B-trees from their roots for every entry. A batch of `preparedAheadFrom` events or more
/// has its payloads decoded on a helper thread while the events before them are appended.
struct Appender {
    let catalog: EventCatalog
    let tables: LedgerTables
    let txn: Transaction
    /// The memory a large batch's fold may take (`commit`): past it, the versions folded so
    /// far are written (in key order) and the fold goes on from empty, so that memory stays
    /// bounded however large the batch; so are its stream and id entries (`indexEntries`).
    var foldLimits = FoldMemoryLimits.standard

    /// Appends `events`; throws (leaving the transaction to be aborted) on the first bad one,
    /// with `LedgerError.eventIndex` set to its index in `events`. The commit is recorded at
    /// `recordedAt` (default: now), or at the previous commit's time if that is later.
    func append(_ events: [PendingEvent], mode: RuleMode, recordedAt requestedTime: Timestamp? = nil) throws -> AppendResult {
        try append(
            first: events, unread: nil, thenFrom: nil as CollectionEvents<[PendingEvent]>?, mode: mode,
            recordedAt: requestedTime)
    }

    /// Appends the events `feed` hands over, as `append(_:mode:recordedAt:)` does, reading
    /// them as it goes: a large batch is never held whole. An error `feed` throws is
    /// thrown when the batch reaches it, after what is refused among the events before it,
    /// with `LedgerError.eventIndex` set to the index of the event it could not read.
    func append<Feed: PendingEventFeed>(from feed: Feed, mode: RuleMode, recordedAt requestedTime: Timestamp? = nil) throws -> AppendResult {
        // The events read first tell whether the batch is large: up to `foldedInMemoryFrom`
        // events are read ahead.
        var feed = feed
        var first: [PendingEvent] = []
        var unread: (any Error)?
        var ended = false
        while !ended, unread == nil, first.count < Self.foldedInMemoryFrom {
            do {
                if let event = try feed.next() { first.append(event) } else { ended = true }
            } catch {
                unread = error
            }
        }
        let rest = ended || unread != nil ? nil : feed
        return try append(first: first, unread: unread, thenFrom: rest, mode: mode, recordedAt: requestedTime)
    }

    /// Appends `first`, then the event that could not be read (`unread`, the error reading
    /// it), or else the events of `rest` (whose reading may fail the same way).
    private func append(
        first: [PendingEvent], unread: (any Error)?, thenFrom rest: (some PendingEventFeed)?,
        mode: RuleMode, recordedAt requestedTime: Timestamp?
    ) throws -> AppendResult {
        guard !first.isEmpty || unread != nil else { throw LedgerError(.invalidInput, "nothing to append") }
        let isLarge = rest != nil || first.count >= Self.foldedInMemoryFrom
        var head = try LogHead(txn, tables)
        let commit = head.commit + 1
        let recordedAt = max(requestedTime ?? Timestamp.now(), head.recordedAt)
        let state = StoredReadModel(txn, tables: tables.readModels, foldingInMemory: isLarge)
        var streamEntries = SortedEntries()
        var idEntries = SortedEntries()
        var streamVersions: [String: UInt64] = [:]
        var idsInBatch: [EventID: UInt64] = [:]
        var positions: [UInt64] = []
        var assigned: [[String: String]] = []
        var record: [UInt8] = []
        var firstDuplicate: UInt64?
        let positionBefore = head.position

        /// Writes the stream and id entries gathered so far, which later events then find in
        /// their tables: a large batch holds at most `foldLimits.indexEntries` of them in memory.
        func storeIndexEntries() throws {
            try streamEntries.put(into: tables.streams, txn)
            try idEntries.put(into: tables.ids, txn)
            streamEntries = SortedEntries()
            idEntries = SortedEntries()
            streamVersions.removeAll(keepingCapacity: true)
            idsInBatch.removeAll(keepingCapacity: true)
        }
        streamVersions.reserveCapacity(first.count)
        idsInBatch.reserveCapacity(first.count)

        /// Appends `pending`, the `index`th event, prepared by `prepare` unless its id is already in the log.
        func appendEvent(_ index: Int, _ pending: PendingEvent, prepared prepare: () throws -> PreparedEvent) throws {
            do {
                if let id = pending.id, let existing = try idsInBatch[id] ?? originalPosition(of: id) {
                    try requireSameEvent(pending, id: id, as: existing)
                    positions.append(existing)
                    assigned.append([:])
                    firstDuplicate = firstDuplicate ?? existing
                    return
                }
                if let refusal = pending.importRefusal { throw refusal }
                let prepared = try prepare()
                let entry = prepared.entry
                let event = prepared.event
                let stream = event.stream
                try requireImportedStream(pending, is: stream)
                let version = try streamVersions[stream] ?? currentVersion(of: stream)
                try catalog.check(prepared, expect: pending.expect, streamAt: version, against: ReadModelReader(state), mode: mode)
                let domain = catalog.domains[entry.domainIndex]

                head.position += 1
                let id = pending.id ?? EventID.generate()
                let metadata = EventRecord.metadataBytes(pending.metadata)
                head.hash.withUnsafeBytes { previous in
                    EventRecord.encode(
                        position: head.position, commit: commit, recordedAt: recordedAt,
                        version: version + 1, id: id, type: entry.typeName,
                        stream: stream, schemaVersion: UInt16(prepared.schemaVersion),
                        data: prepared.storedData,
                        metadata: metadata, previousHash: previous, into: &record)
                }
                head.hash = Array(record.suffix(SHA256.digestLength))
                let positionKey = LedgerTables.bigEndian(head.position)
                try txn.put(tables.log, positionKey, record, append: true)
                streamEntries.append(LedgerTables.streamKey(stream, version + 1), positionKey)
                idEntries.append(id.bytes, positionKey)
                streamVersions[stream] = version + 1
                idsInBatch[id] = head.position

                let position = head.position
                let context = EventContext(position: position, recordedAt: recordedAt) { linked throws(LedgerError) in
                    try LedgerError.typed { try txn.put(tables.links, LedgerTables.streamKey(linked, position), []) }
                }
                state.position = position
                try domain.apply(event, context, ReadModelWriter(state))
                if index % foldLimits.eventsPerCheck == 0 {
                    if state.foldedByteCount > foldLimits.commit { try state.storeFolded() }
                    if idsInBatch.count >= foldLimits.indexEntries { try storeIndexEntries() }
                }
                positions.append(position)
                assigned.append(prepared.assignedIDs)
            } catch let error as LedgerError {
                var located = error
                located.eventIndex = index
                throw located
            }
        }

        if isLarge || first.count >= Self.preparedAheadFrom {
            // Decoding and encoding payloads needs nothing from the read models: a helper
            // thread reads and prepares the next events while this one appends the ones before.
            let catalog = catalog
            let stepSize = isLarge ? Self.largestPreparedStep : Self.eventsPerPreparedStep(ofBatchOf: first.count)
            var reader = BatchReader(first: first, unread: unread, rest: rest)
            try TwoStagePipeline([ReadEvent]()).run(
                produce: { _, buffer in
                    buffer.removeAll(keepingCapacity: true)
                    while buffer.count < stepSize, let read = reader.next() {
                        buffer.append(ReadEvent(read: read, prepared: read.flatMap { pending in Result { try catalog.prepare(pending) } }))
                    }
                    return !buffer.isEmpty
                },
                consume: { step, buffer in
                    for (offset, event) in buffer.enumerated() {
                        let index = step * stepSize + offset
                        let pending = try event.read.mapError { Self.located($0, at: index) }.get()
                        try appendEvent(index, pending) { try event.prepared.get() }
                    }
                })
        } else {
            for index in first.indices { try appendEvent(index, first[index]) { try catalog.prepare(first[index]) } }
            if let unread { throw Self.located(unread, at: first.count) }
        }
        if head.position == positionBefore, let original = firstDuplicate {
            return try retryResult(original: original, positions: positions, assigned: assigned)
        }
        try storeIndexEntries()
        try state.storeFolded()
        for domain in catalog.domains {
            try txn.put(tables.checkpoints, Array(domain.readModelName.utf8), LedgerTables.bigEndian(head.position))
        }
        return AppendResult(
            commit: commit, recordedAt: recordedAt, positions: positions,
            assignedIDs: assigned, appended: true)
    }

    /// `error`, met reading the `index`th event, located there when it is a `LedgerError`.
    private static func located(_ error: any Error, at index: Int) -> any Error {
        guard var located = error as? LedgerError else { return error }
        located.eventIndex = index
        return located
    }

    /// The number of events from which a batch folds its read-model writes in memory: below
    /// it, setting up the fold costs more than the B-tree searches it saves.
    static let foldedInMemoryFrom = 1_000

    /// The number of events from which a batch's events are prepared (decoded, checked and
    /// encoded) on a helper thread, ahead of this one appending them: below it, starting the
    /// thread and handing the events over cost more than it saves (a commit of 100 typed
    /// events takes a tenth longer with it, one of 300 a little less).
    static let preparedAheadFrom = 256

    /// How many events the helper thread prepares at a time for a batch of `count`: an eighth
    /// of it, so that the first step is soon ready, and between 16 and `largestPreparedStep`.
    private static func eventsPerPreparedStep(ofBatchOf count: Int) -> Int {
        min(largestPreparedStep, max(16, count / 8))
    }

    /// How many events the helper thread prepares at a time for a large batch.
    private static let largestPreparedStep = 256

    /// The position of the event the log holds under `id`, nil when it holds none.
    func originalPosition(of id: EventID) throws -> UInt64? {
        guard let value = try txn.get(tables.ids, id.bytes) else { return nil }
        return LedgerTables.readBigEndian(value)
    }

    /// Throws `.invalidInput` unless `pending` is the event stored at `position` under its
    /// id: an id is reused only to retry its event. The same event has the same type,
    /// stream and data (in its current shape); a created entity's id the ledger assigned then
    /// stands for that field left out now; metadata and the expected version are not compared.
    func requireSameEvent(_ pending: PendingEvent, id: EventID, as position: UInt64) throws {
        let stored = try indexedRecord(at: position)
        var retry = pending
        if let field = try catalog.entry(pending.type).createdEntityField, (retry.payload[field] ?? .null) == .null {
            retry.payload[field] = try RecordedEvent(stored).data.objectValue?[field]
        }
        let event = try catalog.prepare(retry).event
        try requireImportedStream(pending, is: event.stream)
        guard stored.type == pending.type, stored.stream == event.stream,
            event.payloadText == (try currentPayloadText(of: stored))
        else { throw LedgerError.idReused(id, namingEventOf: stored.type, in: stored.stream) }
    }

    /// Throws `.invalidInput` when `pending` is imported under another stream than `stream`,
    /// the one its payload belongs to.
    private func requireImportedStream(_ pending: PendingEvent, is stream: String) throws(LedgerError) {
        guard let named = pending.importedStream, named != stream else { return }
        throw LedgerError.invalidField("stream", "\(named) does not match its data (\(stream))")
    }

    /// The canonical text of the stored record `stored`'s payload, in its type's current shape.
    private func currentPayloadText(of stored: EventRecordView) throws -> [UInt8] {
        let entry = try catalog.entry(typeBytes: stored.typeBytes)
        let payload = try JSONValue.parse(stored.dataBytes).objectValue ?? [:]
        return try catalog.decode(entry, payload, storedAt: Int(stored.schemaVersion)).payloadText
    }

    /// The record at `position`, where the id index points.
    private func indexedRecord(at position: UInt64) throws -> EventRecordView {
        guard let bytes = try txn.get(tables.log, LedgerTables.bigEndian(position)) else {
            throw LedgerError(.corruption, "id index points to missing position \(position)")
        }
        return try EventRecordView(bytes, position: position)
    }

    /// The version `stream` is at (0 when it does not exist).
    func currentVersion(of stream: String) throws -> UInt64 {
        try txn.withCursor(tables.streams) { cursor in
            var prefix = Array(stream.utf8)
            prefix.append(0)
            guard let entry = try cursor.seek(before: LedgerTables.streamKey(stream, UInt64.max)),
                entry.key.count == prefix.count + 8, entry.key.starts(with: prefix)
            else { return 0 }
            return LedgerTables.readBigEndian(entry.key, at: prefix.count)
        }
    }

    /// The result of an append whose every event id was already in the log.
    private func retryResult(original: UInt64, positions: [UInt64], assigned: [[String: String]]) throws -> AppendResult {
        let record = try indexedRecord(at: original)
        return AppendResult(
            commit: record.commit, recordedAt: record.recordedAt, positions: positions,
            assignedIDs: assigned, appended: false)
    }
}

/// Events to append as one commit, handed to the appender one at a time, so that a large
/// commit (an import's, or a source's read as it goes) is never held whole.
protocol PendingEventFeed {
    /// The next event of the commit, nil after its last. An error ends the commit: the
    /// appender throws it when it reaches the event, after what it refuses before it.
    mutating func next() throws -> PendingEvent?
}

/// The events of a batch as the helper thread reads them: those read ahead, then the
/// error reading the next one or the events of the rest.
private struct BatchReader<Rest: PendingEventFeed> {
    let first: [PendingEvent]
    let unread: (any Error)?
    var rest: Rest?
    private var nextIndex = 0

    init(first: [PendingEvent], unread: (any Error)?, rest: Rest?) {
        (self.first, self.unread, self.rest) = (first, unread, rest)
    }

    /// The next event (or the error reading it, after which there is nothing more), nil after the last.
    mutating func next() -> Result<PendingEvent, any Error>? {
        defer { nextIndex += 1 }
        if nextIndex < first.count { return .success(first[nextIndex]) }
        if nextIndex == first.count, let unread { return .failure(unread) }
        do {
            if let event = try rest?.next() { return .success(event) }
        } catch {
            rest = nil
            return .failure(error)
        }
        rest = nil
        return nil
    }
}

/// An event as the helper thread hands it over: read (or the error reading it), and prepared.
private struct ReadEvent {
    let read: Result<PendingEvent, any Error>
    let prepared: Result<PreparedEvent, any Error>
}
