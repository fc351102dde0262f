/// An event type a domain contributes to the catalog: how to decode and validate its
/// payload, and which stream it belongs to.
public protocol DomainEvent: Sendable {
    /// The type name stored in the log, e.g. `ArtistCreated`.
    static var typeName: String { get }
    /// The payload field naming the entity this event creates, or nil when it creates none.
    /// The ledger fills this field with a new UUID when it is left out, and rejects the
    /// event when the entity's stream already exists.
    static var createdEntityField: String? { get }
    /// The upcasters from each earlier schema version of the payload, oldest first: the one at
    /// index `i` turns a version `i + 1` payload into a version `i + 2` one. The type's current
    /// schema version is one more than their count.
    static var upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] { get }
    /// Decodes and validates a payload of the current schema version; throws `LedgerError`
    /// `.invalidInput` naming the field.
    init(payload: [String: JSONValue]) throws
    /// The stream of the entity, e.g. `artist-pink-floyd`.
    var stream: String { get }
    /// The payload as stored (canonical JSON object).
    var payload: [String: JSONValue] { get }
}

extension DomainEvent {
    /// Events create no entity unless they say so.
    public static var createdEntityField: String? { nil }

    /// Events have one schema version unless they say otherwise.
    public static var upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] { [] }

    /// The schema version new events of this type are stored with.
    public static var schemaVersion: Int { upcasters.count + 1 }

    /// `payload`, stored at schema version `version` (1 through `schemaVersion`), in the
    /// current shape.
    public static func upcast(_ payload: [String: JSONValue], from version: Int) -> [String: JSONValue] {
        upcasters[(version - 1)...].reduce(payload) { upcasted, upcaster in upcaster(upcasted) }
    }

    /// Decodes a payload stored at schema version `version`, upcast to the current shape first.
    /// A version the type does not know is `.invalidInput` naming `schemaVersion`.
    public static func decode(_ payload: [String: JSONValue], storedAt version: Int) throws -> Self {
        guard (1...schemaVersion).contains(version) else {
            throw LedgerError.invalidField("schemaVersion", "\(typeName) has schema versions 1 through \(schemaVersion), not \(version)")
        }
        return try Self(payload: upcast(payload, from: version))
    }
}
