/// One event type of a domain and the case of the domain's event enum that carries it.
///
/// A domain lists its event types as cases of one enum, so its `apply` and rules
/// `switch` over them and the compiler makes them handle every one:
///
/// ```swift
/// enum TodoEvent: Sendable {
///     case listCreated(ListCreated)
///     case itemAdded(ItemAdded)
/// }
/// let events = [EventCase(TodoEvent.listCreated), EventCase(TodoEvent.itemAdded)]
/// ```
///
/// Each case names its event type's case; the type comes from the case. Two cases of the
/// same type, or two types of one name, stop the ledger when the domain is plugged in, naming
/// the type; an event of a type no domain lists is refused when appended, naming it.
public struct EventCase<Event: Sendable>: Sendable {
    /// The type name stored in the log.
    public let typeName: String
    /// The field naming the entity events of this type create, if any.
    public let createdEntityField: String?
    /// The schema version new events of this type are stored with.
    public let schemaVersion: Int
    /// What events of this type require of their entity, checked before the domain's rules.
    let requirement: EntityRequirementCheck?
    /// Decodes a payload the log holds, stored at a schema version, into the case (for rebuilds).
    let value: @Sendable (RecordedPayload, _ storedAt: Int) throws(LedgerError) -> Event
    /// Decodes a payload stored at a schema version into the case, with its stream and the
    /// canonical JSON text of its payload in the current shape.
    let decode: @Sendable ([String: JSONValue], _ storedAt: Int) throws(LedgerError) -> (value: Event, stream: String, payloadText: [UInt8])
    /// A typed event of this type as its case, with its stream and canonical JSON text, its
    /// fields checked as `decode` checks them; nil when it is of another type, a rule changes
    /// one of its fields or it leaves out the id of the entity it creates (`decode` then
    /// works from its payload).
    let typed: @Sendable (any DomainEvent) throws(LedgerError) -> DomainEventValue?

    /// The event type the case `embed` carries, e.g. `EventCase(TodoEvent.itemAdded)`.
    public init<Type: DomainEvent>(_ embed: @escaping @Sendable (Type) -> Event) {
        self.init(Type.self, as: embed)
    }

    /// The event type the case `embed` carries, about an entity: what the event requires of
    /// it (see `EventEntity`) is checked before the domain's rules.
    public init<Type: EntityEvent>(_ embed: @escaping @Sendable (Type) -> Event) {
        self.init(Type.self, as: embed)
    }

    /// The event type `type`, about an entity, carried by the case `embed`.
    public init<Type: EntityEvent>(_ type: Type.Type, as embed: @escaping @Sendable (Type) -> Event) {
        self.init(type, as: embed, requirement: Type.entity.requirement)
    }

    /// The event type `type`, carried by the case `embed`.
    public init<Type: DomainEvent>(_ type: Type.Type, as embed: @escaping @Sendable (Type) -> Event) {
        self.init(type, as: embed, requirement: nil)
    }

    private init<Type: DomainEvent>(
        _ type: Type.Type, as embed: @escaping @Sendable (Type) -> Event, requirement: EntityRequirementCheck?
    ) {
        self.requirement = requirement
        typeName = Type.typeName
        createdEntityField = Type.createdEntityField
        schemaVersion = Type.schemaVersion
        value = { payload, version throws(LedgerError) in embed(try Type.decodeRecorded(payload, storedAt: version)) }
        decode = { payload, version throws(LedgerError) in
            let event = try Type.decode(payload, storedAt: version)
            return (embed(event), event.stream, try PayloadEncoder.payloadText(of: event))
        }
        typed = { event throws(LedgerError) in
            guard let event = event as? Type,
                let text = try PayloadEncoder.checkedPayloadText(of: event, requiring: Type.createdEntityField)
            else { return nil }
            try event.validate()
            return DomainEventValue(value: embed(event), stream: event.stream, payloadText: text, requirement: requirement)
        }
    }
}

/// An event type of a domain without its domain's event enum: what tools need to list
/// event types and bring payloads to their canonical form.
public struct EventTypeInfo: Sendable {
    /// The type name stored in the log.
    public let typeName: String
    /// The field naming the entity events of this type create, if any.
    public let createdEntityField: String?
    /// The schema version new events of this type are stored with.
    public let schemaVersion: Int
    private let decode: @Sendable ([String: JSONValue], Int) throws(LedgerError) -> (stream: String, payloadText: [UInt8])

    init<Event>(_ eventCase: EventCase<Event>) {
        typeName = eventCase.typeName
        createdEntityField = eventCase.createdEntityField
        schemaVersion = eventCase.schemaVersion
        decode = { payload, version throws(LedgerError) in
            let decoded = try eventCase.decode(payload, version)
            return (decoded.stream, decoded.payloadText)
        }
    }

    /// Decodes and validates a payload of the current schema version, as an append does;
    /// returns the event's stream and its payload as the log would store it.
    public func canonical(_ payload: [String: JSONValue]) throws(LedgerError) -> (stream: String, payload: [String: JSONValue]) {
        let decoded = try decode(payload, schemaVersion)
        return (decoded.stream, try DomainEventValue.payload(ofText: decoded.payloadText))
    }
}

extension LedgerDomain {
    /// The domain's event types, without its event enum.
    public var eventTypes: [EventTypeInfo] { events.map(EventTypeInfo.init) }
}
