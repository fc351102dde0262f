/// What a domain's `apply` knows about the event it is folding into the read model.
public struct EventContext {
    /// The event's log position.
    public let position: UInt64
    /// The commit time of the event.
    public let recordedAt: Timestamp
    private let linkHandler: (String) throws(LedgerError) -> Void

    /// A context for applying the event at `position`, committed at `recordedAt`; `link` is
    /// called with each stream the event also affects. Tests of a domain make one to call
    /// its `apply` directly (`InMemoryReadModel` does it for them).
    public init(position: UInt64, recordedAt: Timestamp, link: @escaping (String) throws(LedgerError) -> Void = { _ in }) {
        self.position = position
        self.recordedAt = recordedAt
        linkHandler = link
    }

    /// Records that this event also affected `stream` (e.g. an animal deleted by its
    /// category's cascade), so the stream's history shows it.
    public func link(stream: String) throws(LedgerError) {
        try linkHandler(stream)
    }
}
