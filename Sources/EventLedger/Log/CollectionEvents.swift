/// The events of a collection, as a source and as the appender reads them.
struct CollectionEvents<Events: Collection>: EventSource, PendingEventFeed where Events.Element == PendingEvent {
    private let events: Events
    private var iterator: Events.Iterator

    init(_ events: Events) {
        self.events = events
        iterator = events.makeIterator()
    }

    /// Exactly the number of events.
    var estimatedEventCount: Int { events.count }

    mutating func rewind() {
        iterator = events.makeIterator()
    }

    mutating func next() -> PendingEvent? {
        iterator.next()
    }
}

/// A source as the appender reads it: once, from where it stands.
struct SourceFeed<Source: EventSource>: PendingEventFeed where Source.Event == PendingEvent {
    var source: Source

    mutating func next() throws -> PendingEvent? {
        try source.next()
    }
}
