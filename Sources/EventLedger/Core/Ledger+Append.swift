extension Ledger {
    /// Appends one typed event as one commit, as `append(_:mode:)` appends a batch of one.
    @discardableResult
    public func append(
        _ event: some DomainEvent, id: EventID? = nil, expect: ExpectedVersion = .any,
        metadata: [String: String] = [:]
    ) throws(LedgerError) -> AppendResult {
        try append([PendingEvent(event, id: id, expect: expect, metadata: metadata)])
    }

    /// Appends `events` as one atomic commit: all of them and their read-model changes, or nothing.
    ///
    /// Each event is checked against the ledger plus the earlier events of the batch.
    /// Events whose id is already in the log are not appended again; their original
    /// position is reported. On failure `LedgerError.eventIndex` names the failing event.
    /// Called from inside one of the ledger's own writes on the same thread (a session's
    /// preview), it throws `.invalidInput` instead of waiting for ever for that write to end.
    ///
    /// A batch of fewer than 1,000 events shares one durable write with the appends
    /// other threads make at the same time (group commit). A larger one is a commit of its
    /// own, read as it is appended, on a helper thread, so the ledger never holds it whole:
    /// for a bulk load, `events` can be a lazy collection that makes each event as it is
    /// read, such as `(0..<count).lazy.map { PendingEvent(makeEvent($0)) }`. It is read
    /// again from its start when the write is rerun because the ledger's file needed more
    /// room than that many events usually take, so every reading must give the same events.
    /// Through a primary, every batch is gathered first and shares its write, so that each
    /// event keeps the id it is given if the write is rerun after the primary committed it.
    @inlinable @discardableResult
    public func append(_ events: some Collection<PendingEvent>, mode: RuleMode = .strict) throws(LedgerError) -> AppendResult {
        // Inlined, so that a caller's array is neither copied nor handled as any collection.
        guard !appendsThroughPrimary, events.index(events.startIndex, offsetBy: Self.largeBatch, limitedBy: events.endIndex) != nil else {
            return try appendSharingCommit(Array(events), mode: mode)
        }
        return try append(from: EventCollection(events), mode: mode)
    }

    /// The number of events from which `append(_:mode:)` reads a batch as it appends it
    /// instead of sharing a group commit: the appender reads that many events ahead of
    /// appending them anyway, to tell a large batch (whose read-model writes it folds in
    /// memory) from a small one, so below it gathering the batch costs no memory; from it, a
    /// commit is long enough that sharing its durable write saves little.
    @usableFromInline static let largeBatch = Appender.foldedInMemoryFrom

    /// Whether every write goes through a primary.
    @usableFromInline var appendsThroughPrimary: Bool { core.primary != nil }

    /// Appends `events` as one commit, sharing the durable write with the appends other
    /// threads make at the same time (group commit).
    @usableFromInline
    func appendSharingCommit(_ events: [PendingEvent], mode: RuleMode) throws(LedgerError) -> AppendResult {
        try LedgerError.typed {
            // Checked before joining a group: the group's leader would fail the others' appends too.
            try core.environment.requireNoWriteOnThisThread()
            // Through a primary, every event carries its id from the start: a write rerun after
            // the primary committed it then finds its events there instead of adding them again.
            let events = core.primary == nil ? events : events.map { $0.withID() }
            guard core.primary != nil, mode == .strict else { return try core.writer.appendSharingCommit(events, mode: mode) }
            return try OfflineWrites(core: core).append(events)
        }
    }

    /// Appends the events of `source` as one atomic commit, as `append(_:mode:)` appends a
    /// large batch: the way to append a batch whose reading can fail, such as a file parsed
    /// line by line. The source is read as the events are appended, so an error reading it
    /// is met after the events before it are checked: the first problem in the batch's order
    /// is thrown, with `LedgerError.eventIndex` set to the index of the event it concerns,
    /// and nothing is appended.
    @discardableResult
    public func append(from source: some EventSource<PendingEvent>, mode: RuleMode = .strict) throws(LedgerError) -> AppendResult {
        try LedgerError.typed {
            var source = source
            guard core.primary == nil else { return try append(gathering: &source, mode: mode) }
            try core.environment.requireNoWriteOnThisThread()
            return try core.writer.commit(reserving: source.estimatedEventCount * Environment.bytesPerEvent) { txn, now in
                try source.rewind()
                return try core.writer.appender(in: txn).append(from: SourceFeed(source: source), mode: mode, recordedAt: now)
            }
        }
    }

    /// Appends the events of `source`, read whole first (each error reading it located at
    /// its event), as one batch.
    private func append(gathering source: inout some EventSource<PendingEvent>, mode: RuleMode) throws -> AppendResult {
        var events: [PendingEvent] = []
        try source.rewind()
        do {
            while let event = try source.next() { events.append(event) }
        } catch var error as LedgerError {
            error.eventIndex = events.count
            throw error
        }
        return try append(events, mode: mode)
    }
}
