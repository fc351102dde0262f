/// Events to append as one commit, read one at a time so that a large batch is never held
/// whole: the lines of a file, say, each made an event as it is read. A write that fills the
/// ledger's map is rerun from the start, so a source can be read again from its first event,
/// and must give the same events every time.
public protocol PendingEventSource {
    /// About how many events the source holds (more rather than fewer; 0 when unknown): the
    /// append reserves room for them before writing instead of rerunning as the map fills.
    var estimatedEventCount: Int { get }

    /// Goes back to the first event.
    mutating func rewind() throws

    /// The next event, nil after the last one. An error ends the batch: nothing is appended,
    /// and the error is thrown once the events before it are checked, so that the first
    /// problem in the batch's order is the one reported.
    mutating func next() throws -> PendingEvent?
}

/// The events of a collection, as a source and as the appender reads them.
struct CollectionEvents<Events: Collection>: PendingEventSource, PendingEventFeed where Events.Element == PendingEvent {
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
struct SourceFeed<Source: PendingEventSource>: PendingEventFeed {
    var source: Source

    mutating func next() throws -> PendingEvent? {
        try source.next()
    }
}
