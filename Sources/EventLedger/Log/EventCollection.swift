/// The events of a collection, as a source: an array of `ImportedEvent` to import
/// (`Ledger.importEvents(from: EventCollection(events))`), say, or a collection of
/// `PendingEvent` to build a new ledger from.
public struct EventCollection<Events: Collection>: EventSource {
    private let events: Events
    private var iterator: Events.Iterator

    /// A source reading `events` in order.
    public init(_ events: Events) {
        self.events = events
        iterator = events.makeIterator()
    }

    /// Exactly the number of events.
    public var estimatedEventCount: Int { events.count }

    /// Goes back to the first event.
    public mutating func rewind() {
        iterator = events.makeIterator()
    }

    /// The next event, nil after the last one.
    public mutating func next() -> Events.Element? {
        iterator.next()
    }
}
