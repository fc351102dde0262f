/// A payload the log holds, as a rebuild reads it.
enum RecordedPayload {
    /// An object of scalar members, located in its JSON text (`PayloadText`).
    case text(PayloadText)
    /// Any other object, parsed whole: its members in the order written.
    case members([(key: String, value: JSONValue)])

    /// The members, parsed, in the order written.
    func members() throws(LedgerError) -> [(key: String, value: JSONValue)] {
        switch self {
        case .text(let text):
            do {
                return try text.parsedMembers()
            } catch {
                throw LedgerError(.corruption, "\(error)")
            }
        case .members(let members):
            return members
        }
    }
}

/// Decodes an event from a `PayloadText`: its keyed container, made once per coding-key type,
/// reads each field from the text as `PayloadDecoder` reads it from a parsed payload.
struct PayloadTextDecoder: Decoder {
    let payload: PayloadText
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        payload.keyedContainers.container(Key.self) { KeyedDecodingContainer(PayloadTextKeyedDecoding<Key>(payload: payload)) }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try parsed().unkeyedContainer()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try parsed().singleValueContainer()
    }

    /// A decoder of the payload parsed whole, for the containers other than the keyed one.
    private func parsed() throws -> JSONValueDecoder {
        JSONValueDecoder(members: try payload.parsedMembers(), fields: payload.fields)
    }
}

/// The members of a `PayloadText`, each read when the type asks for it.
private struct PayloadTextKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let payload: PayloadText
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { ((try? payload.parsedMembers()) ?? []).compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { payload.contains(key.stringValue) }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONScalarReader.decode(type, from: value(key), codingPath: [key], fields: payload.fields)
    }

    // Optional fields: null or absent is nil, as `PayloadDecoder` reads them.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let value = try value(key)
        return value.isNull ? nil : try JSONScalarReader.decode(type, from: value, codingPath: [key], fields: payload.fields)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONValueDecoder(value(key), codingPath: [key], fields: payload.fields).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONValueDecoder(value(key), codingPath: [key], fields: payload.fields).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoder(members: try payload.parsedMembers(), fields: payload.fields)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoder(try value(key), codingPath: [key], fields: payload.fields)
    }

    private func value(_ key: Key) throws -> JSONValue {
        try payload.value(key.stringValue)
    }
}
