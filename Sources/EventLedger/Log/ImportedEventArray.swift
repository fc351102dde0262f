/// The events of an array, as a source.
struct ImportedEventArray: EventSource {
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
