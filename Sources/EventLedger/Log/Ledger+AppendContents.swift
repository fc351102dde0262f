extension Ledger {
    /// Appends the events of `events` as one atomic commit, as `append(_:mode:)` does, reading
    /// them as it goes: the ledger never holds them all at once. For a bulk load, `events`
    /// can be a lazy collection that makes each event as it is read, such as
    /// `(0..<count).lazy.map { PendingEvent(makeEvent($0)) }`: a large batch is read and
    /// prepared on a helper thread while this one appends the events before.
    ///
    /// `events` is read again from its start when the write is rerun because the ledger's file
    /// needed more room than `count` events usually take, so every reading must give the same
    /// events. The append is not merged with other threads' appends into one durable write.
    /// Through a primary, the events are gathered first, so that each keeps the id it is
    /// given if the write is rerun after the primary committed it.
    @discardableResult
    public func append<Events: Collection>(contentsOf events: Events, mode: RuleMode = .strict) throws(LedgerError) -> AppendResult
    where Events.Element == PendingEvent {
        try append(from: CollectionEvents(events), mode: mode)
    }

    /// Appends the events of `source` as one atomic commit, as `append(contentsOf:mode:)`
    /// does: the way to append a batch whose reading can fail, such as a file parsed line by
    /// line. The source is read as the events are appended, so an error reading it is met
    /// after the events before it are checked: the first problem in the batch's order is
    /// thrown, with `LedgerError.eventIndex` set to the index of the event it concerns, and
    /// nothing is appended.
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
