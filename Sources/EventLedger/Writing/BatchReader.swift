/// The events of a batch as the appender reads them: those read ahead (`first`), then the
/// error reading the next one (`unread`) or else the events of the rest of the feed.
struct BatchReader<Rest: PendingEventFeed> {
    /// The events read ahead.
    let first: [PendingEvent]
    /// The error reading the event after `first`, which ends the batch there.
    let unread: (any Error)?
    /// The feed of the events after `first`; nil when there are none.
    private(set) var rest: Rest?
    private var nextIndex = 0

    /// The events of `events`, given whole.
    init(whole events: [PendingEvent]) where Rest == NoMoreEvents {
        (first, unread, rest) = (events, nil, nil)
    }

    /// The events of `feed`, up to `count` of them read ahead: fewer when the feed ends or
    /// fails before.
    init(readingAhead feed: Rest, upTo count: Int) {
        var feed = feed
        var first: [PendingEvent] = []
        var unread: (any Error)?
        var ended = false
        while !ended, unread == nil, first.count < count {
            do {
                if let event = try feed.next() { first.append(event) } else { ended = true }
            } catch {
                unread = error
            }
        }
        (self.first, self.unread, rest) = (first, unread, ended || unread != nil ? nil : feed)
    }

    /// Whether the batch holds nothing at all, not even an unreadable event.
    var isEmpty: Bool { first.isEmpty && unread == nil }

    /// The next event (or the error reading it, after which there is nothing more), nil after the last.
    mutating func next() -> Result<PendingEvent, any Error>? {
        defer { nextIndex += 1 }
        if nextIndex < first.count { return .success(first[nextIndex]) }
        if nextIndex == first.count, let unread { return .failure(unread) }
        do {
            if let event = try rest?.next() { return .success(event) }
        } catch {
            rest = nil
            return .failure(error)
        }
        rest = nil
        return nil
    }
}
