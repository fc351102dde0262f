extension EventCatalog {
    /// Checks `prepared`, to be appended to its stream, now at `version`, as every append
    /// does: the stream is at the version the append `expect`s, a created entity's stream
    /// is new, and the event keeps its domain's rules on the read models `state` reads.
    func check(
        _ prepared: PreparedEvent, expect: ExpectedVersion, streamAt version: UInt64, against state: ReadModelReader,
        mode: RuleMode
    ) throws {
        let stream = prepared.event.stream
        guard expect.matches(version) else {
            throw LedgerError(.conflict, "stream \(stream) is at version \(version), expected \(expect)", subject: stream)
        }
        if prepared.entry.createdEntityField != nil, version > 0 {
            throw LedgerError.rule("id must be new", entity: stream)
        }
        // Restoring an entity never creates one.
        if prepared.entry.domainIndex == domains.count, mode == .strict, version == 0 {
            throw LedgerError.rule("entity must exist", entity: stream)
        }
        try driver(of: prepared.entry).check(prepared.event, state, mode)
    }
}

extension LedgerError {
    /// The error of an event given the id of another, an event of `type` in `stream`: an id
    /// is reused only to retry the same event.
    static func idReused(_ id: EventID, namingEventOf type: String, in stream: String) -> LedgerError {
        LedgerError(
            .invalidInput,
            "id \(id) already names another event (\(type) in \(stream)); an id is reused only to retry the same event",
            subject: id.description)
    }
}
