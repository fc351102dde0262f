/// Stages a form session's events: checks each as an append would, against the ledger plus
/// the staged events before it, and applies it to the session's overlay instead of the log.
///
/// The overlay holds the staged events applied on top of the log at one head. When the log has
/// moved since (other commits), or other read models are plugged in, it is made again: every
/// staged event is checked and applied on top of the log as it is, as a commit of the session
/// now would append them. Otherwise staging an event reads and writes what that event touches,
/// however many events are staged before it.
struct SessionStager {
    let catalog: EventCatalog
    /// The appender of the session's transaction, for the log's stream versions and ids.
    let appender: Appender
    let session: StoredSession
    let overlay: SessionOverlay

    /// The stager of `session`, a session of the ledger `core` opens, its overlay made on the
    /// log as it is; when that fails, the error is that of the first staged event the ledger
    /// now refuses, its index in `LedgerError.eventIndex`.
    init(_ session: StoredSession, of core: LedgerCore) throws {
        try self.init(unmade: session, of: core)
        let head = try LogHead(session.txn, core.tables)
        guard !overlay.isMade(on: head) else { return }
        try overlay.restart(on: head)
        for (index, event) in try session.events().enumerated() {
            do {
                try stage(event, at: index)
            } catch var error as LedgerError {
                error.eventIndex = index
                throw error
            }
        }
    }

    /// The stager of the entries `session` holds, whose overlay may be made on another head
    /// than the log's (`SessionOverlay.isMade(on:)`): the caller makes it again.
    init(unmade session: StoredSession, of core: LedgerCore) throws {
        catalog = core.catalog
        appender = core.writer.appender(in: session.txn)
        self.session = session
        overlay = try SessionOverlay(session, of: core)
    }

    /// Checks `event`, the staged event at `index`, against the ledger plus the staged events
    /// before it, and applies it to the overlay. An event whose id is already in the log or
    /// the session retries that event, as in an append: it must be the same, and is not applied.
    func stage(_ event: PendingEvent, at index: Int) throws {
        let prepared = try catalog.prepare(event)
        if let id = event.id {
            if let earlier = try overlay.stagedIndex(of: id) {
                return try requireSameEvent(prepared, id: id, as: try session.event(at: earlier))
            }
            if let position = try appender.originalPosition(of: id) {
                return try appender.requireSameEvent(event, id: id, as: position)
            }
        }
        let stream = prepared.event.stream
        let version = try overlay.streamVersion(of: stream) ?? appender.currentVersion(of: stream)
        try catalog.check(prepared, expect: event.expect, streamAt: version, against: ReadModelReader(overlay), mode: .strict)
        try catalog.driver(of: prepared.entry).apply(prepared.event, overlay.nextContext, ReadModelWriter(overlay))
        try overlay.setStreamVersion(version + 1, of: stream)
        try overlay.noteApplied(index, id: event.id)
        try overlay.storeUndoRecord(of: index)
    }

    /// Throws `.invalidInput` unless `prepared` is the same event as `original`, the staged
    /// event whose id it has: of the same type and stream, with the same data.
    private func requireSameEvent(_ prepared: PreparedEvent, id: EventID, as original: PendingEvent) throws {
        let earlier = try catalog.prepare(original)
        guard earlier.entry.typeName == prepared.entry.typeName, earlier.event.stream == prepared.event.stream,
            earlier.event.payloadText == prepared.event.payloadText
        else { throw LedgerError.idReused(id, namingEventOf: original.type, in: earlier.event.stream) }
    }
}
