/// Events to import, read one at a time so an import never holds more than one source
/// commit of them. A write that fills the map is rerun from the start, so a source can be
/// read again from its first event.
public protocol ImportedEventSource {
    /// About how many events the source holds (more rather than fewer; 0 when unknown): the
    /// import reserves room for them before writing instead of rerunning as the map fills.
    var estimatedEventCount: Int { get }

    /// Goes back to the first event.
    mutating func rewind() throws

    /// The next event, nil after the last one.
    mutating func next() throws -> ImportedEvent?
}

/// The events of an array, as a source.
struct ImportedEventArray: ImportedEventSource {
    /// The events, in file order.
    let events: [ImportedEvent]
    /// The index of the next event to read.
    private var nextIndex = 0

    /// A source reading `events` in order.
    init(_ events: [ImportedEvent]) {
        self.events = events
    }

    /// Exactly the number of events.
    var estimatedEventCount: Int { events.count }

    /// Goes back to the first event.
    mutating func rewind() {
        nextIndex = 0
    }

    /// The next event, nil after the last one.
    mutating func next() -> ImportedEvent? {
        guard nextIndex < events.count else { return nil }
        defer { nextIndex += 1 }
        return events[nextIndex]
    }
}
