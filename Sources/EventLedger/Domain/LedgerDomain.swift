/// How strictly a domain checks its rules when an event is appended.
public enum RuleMode: Sendable {
    /// Local appends: every rule of the domain, references must point to existing entities.
    case strict
    /// Imports from another ledger: references to entities not yet known are accepted.
    case importing
}

/// A domain plugged into the ledger: its event types, the rules they obey, the read model
/// they are folded into, and the queries over it.
///
/// The engine knows domains only through this protocol.
public protocol LedgerDomain: Sendable {
    /// The domain's events: an enum with a case per event type (see `EventCase`).
    associatedtype Event: Sendable
    /// The read model's name, e.g. `artist-songs`; its tables are named after it. By default
    /// the read model of `tables`, which must all belong to one.
    var readModelName: String { get }
    /// The event types this domain owns, each with the case of `Event` carrying it.
    var events: [EventCase<Event>] { get }
    /// Every table of the read model.
    var tables: [any DeclaredTable] { get }
    /// The queries over the read model.
    var queries: [QueryDefinition] { get }
    /// Checks the domain's rules for `event` against the read model (which already holds
    /// the earlier events of the same commit); throws `LedgerError.rule` when one is broken.
    func check(_ event: Event, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError)
    /// Folds `event` into the read model. Must accept any event the log holds, valid or
    /// imported out of order, and be deterministic: rebuilds rely on it.
    func apply(_ event: Event, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError)
    /// The version of what `apply` stores (its tables' keys and rows), 1 unless given. Raise
    /// it whenever `apply` changes what it stores for the same events: a ledger whose read
    /// model an earlier version built rebuilds it the next time it is opened for writing,
    /// deleting the tables and indexes the domain no longer declares, and refuses its queries
    /// until then. A ledger whose read model a newer version built
    /// refuses to be opened for writing by this version, and its queries: it is never rebuilt
    /// down. A table whose key or row type changes shape or whose indexes change (see
    /// `TableShape`), or a table added, without a raised version is refused when a ledger
    /// built before is opened for writing, naming the table.
    var readModelVersion: Int { get }
}

extension LedgerDomain {
    /// Version 1: `apply` stores what it first stored.
    public var readModelVersion: Int { 1 }

    /// The read model the domain's tables belong to; a domain without tables names its read model.
    public var readModelName: String {
        guard let table = tables.first else { preconditionFailure("\(Self.self) declares no tables: it names its read model") }
        return table.readModelName
    }
}
