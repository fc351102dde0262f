/// An event type of a domain: a plain `Codable` value whose stored payload is its JSON
/// encoding, the fields as the type names them.
///
/// The ledger decodes payloads with the type's own `Decodable` conformance and its rules:
/// a field the type does not read is rejected, as is a missing or mistyped one or a number
/// JSON cannot hold (infinity, NaN), each naming the field; null stands for an absent
/// field; `ID`, `OptionalID` and `Name` fields obey the rules of ids and names;
/// `validate()` checks the rest. A typed event (`PendingEvent(event)`) whose fields its rules
/// keep as they are is appended as it is, its fields checked as its payload is written, not
/// decoded again: decoding what a type encodes must give the value back, as the conformances
/// Swift synthesizes do.
///
/// ```swift
/// struct ItemAdded: DomainEvent {
///     @ID var itemId: String
///     @ID var listId: String
///     @Name var title: String
///     var stream: String { "item-\(itemId)" }
/// }
/// ```
public protocol DomainEvent: Codable, Sendable {
    /// The type name stored in the log, e.g. `ArtistCreated`; by default the Swift type's name.
    static var typeName: String { get }
    /// The field naming the entity this event creates, or nil when it creates none. The
    /// ledger fills this field with a new UUID when it is left out, and rejects the event
    /// when the entity's stream already exists.
    static var createdEntityField: String? { get }
    /// The upcasters from each earlier schema version of the payload, oldest first: the one at
    /// index `i` turns a version `i + 1` payload into a version `i + 2` one. The type's current
    /// schema version is one more than their count.
    static var upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] { get }
    /// The stream of the entity, e.g. `artist-pink-floyd`.
    var stream: String { get }
    /// Checks what the field types do not, e.g. that a number lies in its range; throws
    /// `.invalidInput` naming the field (`FieldRules.require`).
    func validate() throws(LedgerError)
}

extension DomainEvent {
    /// The Swift type's name, as `String(describing:)` prints it. Read without the conformance
    /// lookups `String(describing:)` makes, which cost a process about a millisecond at its
    /// start for a catalog of a few dozen types.
    public static var typeName: String { _typeName(Self.self, qualified: false) }

    /// Events create no entity unless they say so.
    public static var createdEntityField: String? { nil }

    /// Events have one schema version unless they say otherwise.
    public static var upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] { [] }

    /// Nothing to check beyond the field types.
    public func validate() throws(LedgerError) {}

    /// The schema version new events of this type are stored with.
    public static var schemaVersion: Int { upcasters.count + 1 }

    /// Decodes and validates a payload of the current schema version; throws `.invalidInput`
    /// naming the field.
    public init(payload: [String: JSONValue]) throws(LedgerError) {
        self = try PayloadDecoder.decode(Self.self, from: payload)
        try validate()
    }

    /// The payload as stored: the canonical JSON object of the event's fields, nil ones left out.
    public var payload: [String: JSONValue] {
        get throws(LedgerError) { try PayloadEncoder.payload(of: self) }
    }

    /// `payload`, stored at schema version `version` (1 through `schemaVersion`), in the
    /// current shape.
    public static func upcast(_ payload: [String: JSONValue], from version: Int) -> [String: JSONValue] {
        upcasters[(version - 1)...].reduce(payload) { upcasted, upcaster in upcaster(upcasted) }
    }

    /// Decodes a payload the log holds, stored at schema version `version` (in range), as a rebuild does: it was checked when appended, so only
    /// its fields are read.
    static func decodeRecorded(_ payload: RecordedPayload, storedAt version: Int) throws(LedgerError) -> Self {
        guard version == schemaVersion else {
            return try decode(Dictionary(uniqueKeysWithValues: payload.members()), storedAt: version)
        }
        return try PayloadDecoder.decodeRecorded(Self.self, payload)
    }

    /// Decodes a payload stored at schema version `version`, upcast to the current shape first.
    /// A version the type does not know is `.invalidInput` naming `schemaVersion`.
    public static func decode(_ payload: [String: JSONValue], storedAt version: Int) throws(LedgerError) -> Self {
        guard (1...schemaVersion).contains(version) else {
            throw LedgerError.invalidField("schemaVersion", "\(typeName) has schema versions 1 through \(schemaVersion), not \(version)")
        }
        return try Self(payload: upcast(payload, from: version))
    }
}
