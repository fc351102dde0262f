extension Ledger {
    /// Appends the events of `events` as one atomic commit, as `append(_:mode:)` does, reading
    /// them as it goes: the ledger never holds them all at once. For a bulk load, `events`
    /// can be a lazy collection that makes each event as it is read, such as
    /// `(0..<count).lazy.map { PendingEvent(makeEvent($0)) }`: a large batch is read and
    /// prepared on a helper thread while this one appends the events before.
    ///
    /// `events` is read again from its start when the write is rerun because the ledger's file
    /// needed more room than `count` events usually take, so every reading must give the same
    /// events. The append is not merged with other threads' appends into one durable write.
    /// Through a primary, the events are gathered first, so that each keeps the id it is
    /// given if the write is rerun after the primary committed it.
    @discardableResult
    public func append<Events: Collection>(contentsOf events: Events, mode: RuleMode = .strict) throws(LedgerError) -> AppendResult
    where Events.Element == PendingEvent {
        guard primary == nil else { return try append(Array(events), mode: mode) }
        return try LedgerError.typed {
            try environment.requireNoWriteOnThisThread()
            return try environment.write(reserving: events.count * Environment.bytesPerEvent) { txn in
                try WriteRoute(ledger: self).run(txn) {
                    try appender(in: txn).append(from: IteratedEvents(events.makeIterator()), mode: mode)
                }
            }
        }
    }

    /// An appender for a large commit of this ledger in `txn`, with the fold limits of its
    /// file: one written in place stores its fold more often, which costs no memory there.
    func appender(in txn: Transaction) -> Appender {
        Appender(catalog: catalog, tables: tables, txn: txn, foldLimits: environment.writesInPlace ? .writingInPlace : .standard)
    }
}

/// The events of an iterator, as the appender reads them.
struct IteratedEvents<Iterator: IteratorProtocol>: PendingEventSource where Iterator.Element == PendingEvent {
    private var iterator: Iterator

    init(_ iterator: Iterator) {
        self.iterator = iterator
    }

    mutating func next() -> PendingEvent? {
        iterator.next()
    }
}
