/// Encodes a `Codable` event into its JSON payload, the canonical form the log stores:
/// an object whose nil fields are left out, whole numbers as JSON integers.
enum PayloadEncoder {
    /// The payload of `value`, which must encode as a keyed container (a struct).
    static func payload<Value: Encodable>(of value: Value) throws(LedgerError) -> [String: JSONValue] {
        guard case .object(let fields) = try json(of: value) else {
            throw LedgerError(.invalidInput, "\(Value.self) must encode as an object of fields")
        }
        return fields
    }

    /// The JSON form of `value`.
    static func json<Value: Encodable>(of value: Value) throws(LedgerError) -> JSONValue {
        let slot = JSONSlot()
        do {
            try JSONScalar.encode(value, codingPath: [], into: slot)
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.invalidInput, "\(Value.self) cannot be encoded: \(error)")
        }
        return slot.built ?? .null
    }
}

/// A JSON value being built: containers fill it in after they are handed out.
private final class JSONSlot {
    var value: JSONValue?
    var object: [String: JSONSlot] = [:]
    var array: [JSONSlot] = []
    var isObject = false
    var isArray = false

    /// The value, with its containers' members built.
    var built: JSONValue? {
        if isObject {
            return .object(object.compactMapValues { slot in
                guard let value = slot.built, !value.isNull else { return nil }
                return value
            })
        }
        if isArray { return .array(array.map { $0.built ?? .null }) }
        return value
    }
}

private final class JSONValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let slot: JSONSlot

    init(codingPath: [any CodingKey], slot: JSONSlot = JSONSlot()) {
        self.codingPath = codingPath
        self.slot = slot
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.isObject = true
        return KeyedEncodingContainer(JSONKeyedEncoding<Key>(codingPath: codingPath, slot: slot))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.isArray = true
        return JSONUnkeyedEncoding(codingPath: codingPath, slot: slot)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncoding(codingPath: codingPath, slot: slot)
    }
}

/// The JSON form of a value a single-value container is given.
private enum JSONScalar {
    static func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey], into slot: JSONSlot) throws {
        switch value {
        case let text as String: slot.value = .string(text)
        case let flag as Bool: slot.value = .bool(flag)
        case let number as Double: slot.value = .double(number)
        case let number as Float: slot.value = .double(Double(number))
        case let number as any BinaryInteger:
            guard let exact = Int64(exactly: number) else {
                throw LedgerError.invalidField(codingPath.fieldName, "\(number) is beyond the whole numbers a payload holds")
            }
            slot.value = .int(exact)
        default:
            try value.encode(to: JSONValueEncoder(codingPath: codingPath, slot: slot))
        }
    }
}

private struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    let slot: JSONSlot

    private func member(_ key: Key) -> JSONSlot {
        let member = JSONSlot()
        slot.object[key.stringValue] = member
        return member
    }

    mutating func encodeNil(forKey key: Key) throws { member(key).value = .null }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try JSONScalar.encode(value, codingPath: codingPath + [key], into: member(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        JSONValueEncoder(codingPath: codingPath + [key], slot: member(key)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONValueEncoder(codingPath: codingPath + [key], slot: member(key)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { JSONValueEncoder(codingPath: codingPath, slot: slot) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { JSONValueEncoder(codingPath: codingPath + [key], slot: member(key)) }
}

private struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    let slot: JSONSlot
    var count: Int { slot.array.count }

    private func element() -> (JSONSlot, [any CodingKey]) {
        let element = JSONSlot()
        let path = codingPath + [IndexKey(slot.array.count)]
        slot.array.append(element)
        return (element, path)
    }

    mutating func encodeNil() throws { element().0.value = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (element, path) = element()
        try JSONScalar.encode(value, codingPath: path, into: element)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (element, path) = element()
        return JSONValueEncoder(codingPath: path, slot: element).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (element, path) = element()
        return JSONValueEncoder(codingPath: path, slot: element).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let (element, path) = element()
        return JSONValueEncoder(codingPath: path, slot: element)
    }
}

private struct JSONSingleValueEncoding: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let slot: JSONSlot

    mutating func encodeNil() throws { slot.value = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONScalar.encode(value, codingPath: codingPath, into: slot)
    }
}
