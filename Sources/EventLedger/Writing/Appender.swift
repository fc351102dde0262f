/// Appends one batch of events as one commit inside a write transaction, in stages: the
/// events of a feed are read ahead (`BatchReader`), as many as tell whether the batch is
/// large; each event is prepared (decoded and encoded into the form stored), then checked
/// against the read models plus the earlier events of the batch, recorded in the log and
/// folded into the read models (`BatchInProgress`), and the batch is finished once its last
/// event is.
///
/// A batch of `foldedInMemoryFrom` events or more folds its read-model writes in memory and
/// writes them in key order, as it writes its stream and id entries, so that a large import
/// or bulk load writes each page of the file once instead of searching the B-trees from
/// their roots for every entry. A batch of `preparedAheadFrom` events or more has its events
/// prepared on a helper thread while the events before them are appended.
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
        try append(BatchReader(whole: events), mode: mode, recordedAt: requestedTime)
    }

    /// Appends the events `feed` hands over, as `append(_:mode:recordedAt:)` does, reading
    /// them as it goes: a large batch is never held whole. An error `feed` throws is
    /// thrown when the batch reaches it, after what is refused among the events before it,
    /// with `LedgerError.eventIndex` set to the index of the event it could not read.
    func append<Feed: PendingEventFeed>(from feed: Feed, mode: RuleMode, recordedAt requestedTime: Timestamp? = nil) throws -> AppendResult {
        // The events read ahead tell whether the batch is large.
        try append(BatchReader(readingAhead: feed, upTo: Self.foldedInMemoryFrom), mode: mode, recordedAt: requestedTime)
    }

    /// Appends the events of `reader` as one commit: each is prepared, checked, recorded and
    /// folded by the batch in turn, then the batch is finished.
    private func append(_ reader: BatchReader<some PendingEventFeed>, mode: RuleMode, recordedAt requestedTime: Timestamp?) throws -> AppendResult {
        guard !reader.isEmpty else { throw LedgerError(.invalidInput, "nothing to append") }
        let first = reader.first
        let isLarge = reader.rest != nil || first.count >= Self.foldedInMemoryFrom
        var batch = try BatchInProgress(self, mode: mode, isLarge: isLarge, count: first.count, recordedAt: requestedTime)
        if isLarge || first.count >= Self.preparedAheadFrom {
            let stepSize = isLarge ? Self.largestPreparedStep : Self.eventsPerPreparedStep(ofBatchOf: first.count)
            try appendPreparedAhead(reader, stepSize: stepSize, to: &batch)
        } else {
            for index in first.indices { try batch.append(index, first[index]) { try catalog.prepare(first[index]) } }
            if let unread = reader.unread { throw Self.located(unread, at: first.count) }
        }
        return try batch.finish()
    }

    /// Appends the events of `reader` to `batch`, read and prepared (decoded and encoded,
    /// which needs nothing from the read models) `stepSize` at a time on a helper thread while
    /// this one appends the step before.
    private func appendPreparedAhead(
        _ reader: BatchReader<some PendingEventFeed>, stepSize: Int, to batch: inout BatchInProgress
    ) throws {
        let catalog = catalog
        var reader = reader
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
                    try batch.append(index, pending) { try event.prepared.get() }
                }
            })
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

    /// Throws `.invalidInput` when `pending` is imported under another stream than `stream`,
    /// the one its payload belongs to.
    func requireImportedStream(_ pending: PendingEvent, is stream: String) throws(LedgerError) {
        guard let named = pending.importedStream, named != stream else { return }
        throw LedgerError.invalidField("stream", "\(named) does not match its data (\(stream))")
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
}

/// An event as the helper thread hands it over: read (or the error reading it), and prepared.
private struct ReadEvent {
    let read: Result<PendingEvent, any Error>
    let prepared: Result<PreparedEvent, any Error>
}
