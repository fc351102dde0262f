/// Events read one at a time, so that a large batch or import is never held whole: the lines
/// of a file, say, each made an event as it is read. A source of `PendingEvent` is appended as
/// one commit (`Ledger.append(from:mode:)`); a source of `ImportedEvent`, another ledger's
/// export, is imported (`Ledger.importEvents(from:rehash:)`); either builds a new ledger
/// (`Ledger.build(at:domains:options:appending:mode:)` and
/// `Ledger.build(at:domains:options:importing:rehash:)`). `EventCollection` is the source of
/// the events of a collection.
///
/// A write that fills the ledger's map is rerun from the start, so a source can be read again
/// from its first event, and must give the same events every time.
public protocol EventSource<Event> {
    /// What the source gives: `PendingEvent` to append, `ImportedEvent` to import.
    associatedtype Event

    /// About how many events the source holds (more rather than fewer; 0 when unknown): the
    /// write reserves room for them before writing instead of rerunning as the map fills.
    var estimatedEventCount: Int { get }
    /// Goes back to the first event.
    mutating func rewind() throws
    /// The next event, nil after the last one. An error ends the write: nothing is written,
    /// and the error is thrown once the events before it are checked, so that the first
    /// problem in the source's order is the one reported.
    mutating func next() throws -> Event?
}
