/// How strictly a domain checks its rules when an event is appended.
public enum RuleMode: Sendable {
    /// Local appends: every rule of the domain, references must point to existing entities.
    case strict
    /// Imports from another ledger: references to entities not yet known are accepted.
    case importing
}

/// What a projector knows about the event it is applying.
public struct ProjectionContext {
    /// The event's log position.
    public let position: UInt64
    /// The commit time of the event.
    public let recordedAt: Timestamp
    private let linkHandler: (String) throws -> Void

    init(position: UInt64, recordedAt: Timestamp, link: @escaping (String) throws -> Void) {
        self.position = position
        self.recordedAt = recordedAt
        linkHandler = link
    }

    /// Records that this event also affected `stream` (e.g. an animal deleted by its
    /// category's cascade), so the stream's history shows it.
    public func link(stream: String) throws {
        try linkHandler(stream)
    }
}

/// A domain plugged into the ledger: its event types, the rules they obey, the projector
/// that folds them into its read model, and the queries over that read model.
///
/// The engine knows domains only through this protocol.
public protocol LedgerDomain: Sendable {
    /// The read model's name, e.g. `artist-songs`; also the prefix of its tables.
    var projectionName: String { get }
    /// The event types this domain owns.
    var eventTypes: [any DomainEvent.Type] { get }
    /// The tables of the read model.
    var tables: [ProjectionTable] { get }
    /// The queries over the read model.
    var queries: [QueryDefinition] { get }
    /// Checks the domain's rules for `event` against the current state (which already
    /// includes earlier events of the same batch); throws `LedgerError.rule` when violated.
    func check(_ event: any DomainEvent, against state: any ProjectionReader, mode: RuleMode) throws
    /// Folds `event` into the read model. Must accept any event the log holds, valid or
    /// imported out of order, and be deterministic: rebuilds rely on it.
    func apply(_ event: any DomainEvent, context: ProjectionContext, to state: any ProjectionWriter) throws
    /// The version of what the projector stores (its keys and rows), 1 unless given. Raise
    /// it whenever the projector changes what it stores for the same events: a ledger whose
    /// read model an earlier version built rebuilds it the next time it is opened for
    /// writing, and refuses to be read until then.
    var readModelVersion: Int { get }
}

extension LedgerDomain {
    /// Version 1: the projector stores what it first stored.
    public var readModelVersion: Int { 1 }
}
