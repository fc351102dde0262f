/// Encodes `Codable` values in a `BinaryForm`, for read-model keys and rows.
@usableFromInline
enum BinaryEncoding {
    /// The bytes of `value` in `writer`'s form, written by `writer` (emptied first).
    @usableFromInline
    static func encode<Value: Encodable>(_ value: Value, with writer: BinaryWriter) throws(LedgerError) -> [UInt8] {
        writer.reset()
        do {
            try BinaryScalars.encode(value, to: writer)
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.invalidInput, "\(Value.self) cannot be stored in a read model: \(error)")
        }
        return writer.bytes
    }
}

/// Writes the values the binary forms know, and hands others their encoder.
enum BinaryScalars {
    static func encode<T: Encodable>(_ value: T, to writer: BinaryWriter) throws {
        if T.self == String.self {
            writer.write(unsafeBitCast(value, to: String.self))
        } else if T.self == Bool.self {
            writer.write(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Double.self {
            writer.write(unsafeBitCast(value, to: Double.self))
        } else if T.self == Int.self {
            writer.write(signed: Int64(unsafeBitCast(value, to: Int.self)))
        } else if T.self == UInt64.self {
            writer.write(unsigned: unsafeBitCast(value, to: UInt64.self))
        } else if T.self == Float.self {
            writer.write(Double(unsafeBitCast(value, to: Float.self)))
        } else if T.self == NameOrderKey.self {
            // The key most tables listed by name have, written without a container.
            let key = unsafeBitCast(value, to: NameOrderKey.self)
            writer.write(key.nameOrder)
            writer.write(key.id)
        } else if IntegerTypes.matching(T.self) != nil, let number = value as? any FixedWidthInteger {
            if type(of: number).isSigned {
                writer.write(signed: Int64(number))
            } else {
                writer.write(unsigned: UInt64(number))
            }
        } else {
            try value.encode(to: BinaryValueEncoder(writer))
        }
    }
}

private struct BinaryValueEncoder: Encoder {
    let writer: BinaryWriter
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ writer: BinaryWriter) {
        self.writer = writer
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(BinaryKeyedEncoding<Key>(writer: writer))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        BinaryUnkeyedEncoding(writer: writer, countAt: writer.beginArray())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        BinarySingleValueEncoding(writer: writer)
    }
}

/// A struct's fields, one after another without their names: they are read back in the
/// order they are written, as synthesized `Codable` conformances do.
private struct BinaryKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: BinaryWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { writer.writeNull() }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try BinaryScalars.encode(value, to: writer)
    }

    // The values synthesized conformances encode most, written without a generic call.
    mutating func encode(_ value: Int, forKey key: Key) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { writer.write(value) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { writer.write(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { writer.write(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { writer.write(Double(value)) }

    // Nil is written, not left out: fields have no names to tell which one is missing.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try write(value) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try write(value) }

    private func write<T: Encodable>(_ value: T?) throws {
        if let value { try BinaryScalars.encode(value, to: writer) } else { writer.writeNull() }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(BinaryKeyedEncoding<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        BinaryUnkeyedEncoding(writer: writer, countAt: writer.beginArray())
    }

    mutating func superEncoder() -> any Encoder { BinaryValueEncoder(writer) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { BinaryValueEncoder(writer) }
}

private struct BinaryUnkeyedEncoding: UnkeyedEncodingContainer {
    let writer: BinaryWriter
    let countAt: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(writer: BinaryWriter, countAt: Int) {
        self.writer = writer
        self.countAt = countAt
    }

    private mutating func counted() {
        writer.countElement(ofArrayAt: countAt)
        count += 1
    }

    mutating func encodeNil() throws {
        counted()
        writer.writeNull()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        counted()
        try BinaryScalars.encode(value, to: writer)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        counted()
        return KeyedEncodingContainer(BinaryKeyedEncoding<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        counted()
        return BinaryUnkeyedEncoding(writer: writer, countAt: writer.beginArray())
    }

    mutating func superEncoder() -> any Encoder {
        counted()
        return BinaryValueEncoder(writer)
    }
}

private struct BinarySingleValueEncoding: SingleValueEncodingContainer {
    let writer: BinaryWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.writeNull() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try BinaryScalars.encode(value, to: writer)
    }

    mutating func encode(_ value: Int) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int8) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int16) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int32) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: Int64) throws { writer.write(signed: Int64(value)) }
    mutating func encode(_ value: UInt) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { writer.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: String) throws { writer.write(value) }
    mutating func encode(_ value: Bool) throws { writer.write(value) }
    mutating func encode(_ value: Double) throws { writer.write(value) }
    mutating func encode(_ value: Float) throws { writer.write(Double(value)) }
}
