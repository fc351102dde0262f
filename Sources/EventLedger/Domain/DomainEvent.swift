/// An event type a domain contributes to the catalog: how to decode and validate its
/// payload, and which stream it belongs to.
public protocol DomainEvent: Sendable {
    /// The type name stored in the log, e.g. `ArtistCreated`.
    static var typeName: String { get }
    /// The payload field naming the entity this event creates, or nil when it creates none.
    /// The ledger fills this field with a new UUID when it is left out, and rejects the
    /// event when the entity's stream already exists.
    static var createdEntityField: String? { get }
    /// Decodes and validates a payload; throws `LedgerError` `.invalidInput` naming the field.
    init(payload: [String: JSONValue]) throws
    /// The stream of the entity, e.g. `artist-pink-floyd`.
    var stream: String { get }
    /// The payload as stored (canonical JSON object).
    var payload: [String: JSONValue] { get }
}

extension DomainEvent {
    /// Events create no entity unless they say so.
    public static var createdEntityField: String? { nil }
}
