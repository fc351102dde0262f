/// A domain as the engine drives it, its event enum hidden: decoding payloads into its
/// events, checking them against its rules and folding them into its read model.
final class DomainDriver: Sendable {
    /// The domain.
    let domain: any LedgerDomain
    /// The read model's name.
    let readModelName: String
    /// The version of what the domain's `apply` stores.
    let readModelVersion: Int
    /// The read model's tables, its indexes' included.
    let tables: [TableName]
    /// The read model's tables as the domain declares them, each holding its indexes.
    let declaredTables: [any DeclaredTable]
    /// The shapes of the read model's tables described now, in the order of `declaredTables`.
    var describedShapes: [DescribedShape] { declaredTables.map { $0.shape.described } }
    /// The event types, in the order the domain lists them.
    let eventTypes: [EventTypeInfo]
    /// Decodes a payload of the event type at an index of `eventTypes`, stored at a schema version.
    let decode: @Sendable (_ type: Int, _ payload: [String: JSONValue], _ storedAt: Int) throws(LedgerError) -> DomainEventValue
    /// A typed event of the event type at an index of `eventTypes`, checked as `decode` checks
    /// a payload; nil when `decode` must work from its payload instead (`EventCase.typed`).
    let decodeTyped: @Sendable (_ type: Int, any DomainEvent) throws(LedgerError) -> DomainEventValue?
    /// Checks an event decoded by `decode` against the domain's rules.
    let check: @Sendable (DomainEventValue, ReadModelReader, RuleMode) throws(LedgerError) -> Void
    /// Folds an event decoded by `decode` into the read model.
    let apply: @Sendable (DomainEventValue, EventContext, ReadModelWriter) throws(LedgerError) -> Void
    /// Decodes a payload the log holds and folds it into the read model at once, as rebuilds
    /// do for every event; a payload that does not decode is `.corruption`.
    let decodeAndApply:
        @Sendable (
            _ type: Int, _ payload: RecordedPayload, _ storedAt: Int, EventContext,
            ReadModelWriter
        ) throws(LedgerError) -> Void

    init<Domain: LedgerDomain>(_ domain: Domain) {
        self.domain = domain
        readModelName = domain.readModelName
        readModelVersion = domain.readModelVersion
        declaredTables = domain.tables
        for table in declaredTables where table.readModelName != readModelName {
            preconditionFailure("\(table.qualifiedName) of \(Domain.self) belongs to the read model \(table.readModelName), not \(readModelName)")
        }
        tables = declaredTables.flatMap(\.storage.tableNames)
        let cases = domain.events
        eventTypes = domain.eventTypes
        queries = domain.queries
        decode = { type, payload, version throws(LedgerError) in
            let decoded = try cases[type].decode(payload, version)
            return DomainEventValue(
                value: decoded.value, stream: decoded.stream, payloadText: decoded.payloadText, requirement: cases[type].requirement)
        }
        check = { event, reader, mode throws(LedgerError) in
            try event.requirement?.check(event.stream, reader)
            try domain.check(event.value as! Domain.Event, against: reader, mode: mode)
        }
        apply = { event, context, writer throws(LedgerError) in
            try domain.apply(event.value as! Domain.Event, context: context, to: writer)
        }
        // The decoders alone: taking one from the array needs no generic type looked up at run time.
        // Gathered by closures: a key path would be made at run time, at every start.
        let recordedValues = cases.map { $0.value }
        let typedValues = cases.map { $0.typed }
        decodeTyped = { type, event throws(LedgerError) in try typedValues[type](event) }
        decodeAndApply = { type, payload, version, context, writer throws(LedgerError) in
            let event: Domain.Event
            do {
                event = try recordedValues[type](payload, version)
            } catch {
                throw LedgerError(
                    .corruption, "event at position \(context.position) cannot be replayed: \(error)",
                    subject: String(context.position))
            }
            try domain.apply(event, context: context, to: writer)
        }
    }

    /// The queries over the read model, asked of the domain once.
    let queries: [QueryDefinition]

    /// The kinds of entity whose changes can be undone: those of its tables of entities, in
    /// the order the domain lists them.
    var undoableEntities: [UndoableEntity] {
        domain.tables.compactMap(\.storage.entities).map(UndoableEntity.init)
    }
}

/// An event decoded by its domain: the case of the domain's event enum, its stream, and the
/// canonical JSON text of its payload, as the log stores it.
struct DomainEventValue: Sendable {
    let value: any Sendable
    let stream: String
    let payloadText: [UInt8]
    /// What the event requires of its entity, checked before the domain's rules.
    let requirement: EntityRequirementCheck?

    /// The canonical payload, read back from its text.
    var payload: [String: JSONValue] {
        get throws(LedgerError) { try Self.payload(ofText: payloadText) }
    }

    /// The payload whose canonical text is `text`.
    static func payload(ofText text: [UInt8]) throws(LedgerError) -> [String: JSONValue] {
        let parsed: JSONValue
        do {
            parsed = try JSONValue.parse(text)
        } catch {
            throw LedgerError(.invalidInput, "a payload's text does not parse: \(error)")
        }
        guard case .object(let payload) = parsed else { throw LedgerError(.invalidInput, "a payload's text is not an object") }
        return payload
    }
}
