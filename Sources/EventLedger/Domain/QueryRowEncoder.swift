/// Encodes a query's rows into JSON as `ledger query --json` prints them: every field the
/// rows encode is kept, a nil one as null; whole numbers are JSON integers. It also records
/// the keys of an object in the order the value encoded them, which the table's columns follow.
enum QueryRowEncoder {
    /// `value` as JSON, with the keys of its members in the order it encoded them, a repeated
    /// one each time (nil when it does not encode as an object). A number JSON cannot hold is `.invalidInput` naming
    /// its field.
    static func encode<Value: Encodable>(_ value: Value) throws(LedgerError) -> (json: JSONValue, keys: [String]?) {
        let encoded = EncodedValue()
        do {
            try encoded.encode(value, codingPath: [])
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.invalidInput, "\(Value.self) cannot be encoded: \(error)")
        }
        return (encoded.json, encoded.members?.map(\.key))
    }
}

/// A value being encoded: the containers handed out for it fill it in afterwards.
private final class EncodedValue {
    /// The members of an object, in the order encoded; nil when the value is not an object.
    var members: [(key: String, value: EncodedValue)]?
    /// The elements of an array; nil when the value is not an array.
    var elements: [EncodedValue]?
    /// The value itself when it is neither an object nor an array.
    var single = JSONValue.null

    /// The JSON of the value; a key encoded twice keeps its last value.
    var json: JSONValue {
        if let members {
            return .object(Dictionary(members.map { ($0.key, $0.value.json) }, uniquingKeysWith: { $1 }))
        }
        if let elements { return .array(elements.map(\.json)) }
        return single
    }

    /// Sets the value to `value` encoded: strings, booleans and numbers directly, anything
    /// else through its `encode(to:)`.
    func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        // The type checks are comparisons of type metadata; a cast to a protocol would look
        // for conformances, for every field of every row.
        if T.self == String.self {
            single = .string(unsafeBitCast(value, to: String.self))
        } else if T.self == Int.self {
            single = .int(Int64(unsafeBitCast(value, to: Int.self)))
        } else if T.self == Bool.self {
            single = .bool(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Double.self || T.self == Float.self {
            let double = T.self == Double.self ? unsafeBitCast(value, to: Double.self) : Double(unsafeBitCast(value, to: Float.self))
            guard double.isFinite else { throw LedgerError.invalidField(codingPath.fieldName, "\(double) is not a number JSON can hold") }
            single = .double(double)
        } else if IntegerTypes.matching(T.self) != nil, let number = value as? any BinaryInteger {
            guard let exact = Int64(exactly: number) else {
                throw LedgerError.invalidField(codingPath.fieldName, "\(number) is beyond the whole numbers JSON holds here")
            }
            single = .int(exact)
        } else {
            try value.encode(to: QueryValueEncoder(codingPath: codingPath, value: self))
        }
    }

    /// A new member `key` of the object, to be filled in.
    func member(_ key: String) -> EncodedValue {
        let member = EncodedValue()
        members?.append((key, member))
        return member
    }

    /// A new element of the array, to be filled in.
    func element() -> EncodedValue {
        let element = EncodedValue()
        elements?.append(element)
        return element
    }
}

private struct QueryValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    let value: EncodedValue
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if value.members == nil { value.members = [] }
        return KeyedEncodingContainer(QueryKeyedEncoding<Key>(codingPath: codingPath, value: value))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if value.elements == nil { value.elements = [] }
        return QueryUnkeyedEncoding(codingPath: codingPath, value: value)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        QuerySingleValueEncoding(codingPath: codingPath, value: value)
    }
}

/// The fields of an object. A nil optional is encoded as null, not left out: the synthesized
/// `encodeIfPresent` calls all come here.
private struct QueryKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    let value: EncodedValue

    mutating func encodeNil(forKey key: Key) throws { _ = value.member(key.stringValue) }

    mutating func encode<T: Encodable>(_ field: T, forKey key: Key) throws {
        try value.member(key.stringValue).encode(field, codingPath: codingPath + [key])
    }

    private mutating func encodeOptional<T: Encodable>(_ field: T?, forKey key: Key) throws {
        if let field { try encode(field, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent<T: Encodable>(_ field: T?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: String?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Bool?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Double?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Float?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Int?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Int8?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Int16?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Int32?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Int64?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: UInt?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: UInt8?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: UInt16?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: UInt32?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: UInt64?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        QueryValueEncoder(codingPath: codingPath + [key], value: value.member(key.stringValue)).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        QueryValueEncoder(codingPath: codingPath + [key], value: value.member(key.stringValue)).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { QueryValueEncoder(codingPath: codingPath, value: value.member("super")) }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        QueryValueEncoder(codingPath: codingPath + [key], value: value.member(key.stringValue))
    }
}

private struct QueryUnkeyedEncoding: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    let value: EncodedValue
    var count: Int { value.elements?.count ?? 0 }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(count)] }

    mutating func encodeNil() throws { _ = value.element() }

    mutating func encode<T: Encodable>(_ element: T) throws {
        let path = nextPath
        try value.element().encode(element, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        return QueryValueEncoder(codingPath: path, value: value.element()).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        return QueryValueEncoder(codingPath: path, value: value.element()).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let path = nextPath
        return QueryValueEncoder(codingPath: path, value: value.element())
    }
}

private struct QuerySingleValueEncoding: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let value: EncodedValue

    mutating func encodeNil() throws { value.single = .null }

    mutating func encode<T: Encodable>(_ single: T) throws { try value.encode(single, codingPath: codingPath) }
}
