/// Events to append as one commit, handed to the appender one at a time, so that a large
/// commit (an import's, or a source's read as it goes) is never held whole.
protocol PendingEventFeed {
    /// The next event of the commit, nil after its last. An error ends the commit: the
    /// appender throws it when it reaches the event, after what it refuses before it.
    mutating func next() throws -> PendingEvent?
}

/// A source as the appender reads it: once, from where it stands.
struct SourceFeed<Source: EventSource<PendingEvent>>: PendingEventFeed {
    var source: Source

    mutating func next() throws -> PendingEvent? {
        try source.next()
    }
}

/// The feed after a batch given whole: nothing.
struct NoMoreEvents: PendingEventFeed {
    func next() -> PendingEvent? { nil }
}
