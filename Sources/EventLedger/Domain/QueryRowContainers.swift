/// The encoder a value of a query's answer encodes itself to: its containers write into the
/// value the `QueryRowEncoder` is building.
struct QueryValueEncoder: Encoder {
    let encoder: QueryRowEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> { encoder.keyedContainer(type) }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { encoder.unkeyedContainer() }

    func singleValueContainer() -> any SingleValueEncodingContainer { QuerySingleValueEncoding(encoder: encoder) }
}

/// The fields of an object. A nil optional is encoded as null, not left out: the synthesized
/// `encodeIfPresent` calls all come here.
struct QueryKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: QueryRowEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) { encoder.setMember(.null, forKey: key.stringValue) }
    mutating func encode(_ field: String, forKey key: Key) { encoder.setMember(.string(field), forKey: key.stringValue) }
    mutating func encode(_ field: Bool, forKey key: Key) { encoder.setMember(.bool(field), forKey: key.stringValue) }
    mutating func encode(_ field: Int, forKey key: Key) { encoder.setMember(.int(Int64(field)), forKey: key.stringValue) }
    mutating func encode(_ field: Int64, forKey key: Key) { encoder.setMember(.int(field), forKey: key.stringValue) }

    mutating func encode(_ field: Double, forKey key: Key) throws {
        encoder.setMember(try encoder.number(field, field: encoder.fieldName(key)), forKey: key.stringValue)
    }

    mutating func encode<T: Encodable>(_ field: T, forKey key: Key) throws {
        encoder.setMember(try encoder.json(of: field, member: key), forKey: key.stringValue)
    }

    mutating func encodeIfPresent(_ field: String?, forKey key: Key) {
        encoder.setMember(field.map(JSONValue.string) ?? .null, forKey: key.stringValue)
    }

    mutating func encodeIfPresent(_ field: Int?, forKey key: Key) {
        encoder.setMember(field.map { .int(Int64($0)) } ?? .null, forKey: key.stringValue)
    }

    mutating func encodeIfPresent(_ field: Bool?, forKey key: Key) {
        encoder.setMember(field.map(JSONValue.bool) ?? .null, forKey: key.stringValue)
    }

    private mutating func encodeOptional<T: Encodable>(_ field: T?, forKey key: Key) throws {
        if let field { try encode(field, forKey: key) } else { encodeNil(forKey: key) }
    }

    mutating func encodeIfPresent<T: Encodable>(_ field: T?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Double?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
    mutating func encodeIfPresent(_ field: Float?, forKey key: Key) throws { try encodeOptional(field, forKey: key) }
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
        encoder.nestedEncoder(forMember: key).keyedContainer(keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.nestedEncoder(forMember: key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { QueryValueEncoder(encoder: encoder.nestedEncoder(forMember: NamedKey("super"))) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { QueryValueEncoder(encoder: encoder.nestedEncoder(forMember: key)) }
}

/// The elements of an array.
struct QueryUnkeyedEncoding: UnkeyedEncodingContainer {
    let encoder: QueryRowEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.elementCount }

    mutating func encodeNil() { encoder.append(.null) }
    mutating func encode(_ element: String) { encoder.append(.string(element)) }
    mutating func encode(_ element: Bool) { encoder.append(.bool(element)) }
    mutating func encode(_ element: Int) { encoder.append(.int(Int64(element))) }

    mutating func encode<T: Encodable>(_ element: T) throws {
        encoder.append(try encoder.json(ofElement: element))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        encoder.nestedEncoderForNextElement().keyedContainer(keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.nestedEncoderForNextElement().unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { QueryValueEncoder(encoder: encoder.nestedEncoderForNextElement()) }
}

/// A value of one piece.
struct QuerySingleValueEncoding: SingleValueEncodingContainer {
    let encoder: QueryRowEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() { encoder.setSingle(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws { encoder.setSingle(try encoder.json(of: value)) }
}
