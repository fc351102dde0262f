import EventLedger

/// A variant of the notes domain, as a test makes one: it declares what it changes (a table
/// more or less, another version, more in `apply`) and is the notes domain in the rest.
///
/// ```swift
/// struct ShoutingNotes: NotesVariant {
///     var readModelVersion: Int { 2 }
///     func apply(_ event: NoteEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) { … }
/// }
/// ```
public protocol NotesVariant: LedgerDomain where Event == NoteEvent {}

extension NotesVariant {
    /// The notes domain's events.
    public var events: [EventCase<NoteEvent>] { NotesDomain().events }
    /// The notes domain's tables.
    public var tables: [any DeclaredTable] { NotesDomain().tables }
    /// The notes domain's query.
    public var queries: [QueryDefinition] { NotesDomain().queries }

    /// The notes domain's rules.
    public func check(_ event: NoteEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        try NotesDomain().check(event, against: readModel, mode: mode)
    }

    /// The notes domain's fold.
    public func apply(_ event: NoteEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        try NotesDomain().apply(event, context: context, to: readModel)
    }
}
