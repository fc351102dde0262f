/// Encodes `Codable` values in a `BinaryForm`, for read-model keys and rows.
@usableFromInline
enum BinaryEncoding {
    /// The bytes of `value` in `writer`'s form, in an array of their own.
    @usableFromInline
    static func encode<Value: Encodable>(_ value: Value, with writer: BinaryWriter) throws(LedgerError) -> [UInt8] {
        Array(try encoded(value, with: writer))
    }

    /// The bytes of `value`, a table's key or row, written by `coding`, in an array of their own.
    static func encode<Value>(_ value: Value, with writer: BinaryWriter, coding: BinaryCoding<Value>) throws(LedgerError) -> [UInt8] {
        Array(try encoded(value, with: writer, coding: coding))
    }

    /// The bytes of `value` in `writer`'s form, written by `writer` (emptied first) and valid
    /// until it writes again: the typed reads and writes hand them to the store without an
    /// array made for each.
    @usableFromInline
    static func encoded<Value: Encodable>(_ value: Value, with writer: BinaryWriter) throws(LedgerError) -> UnsafeRawBufferPointer {
        try encoded(Value.self, with: writer) { try BinaryScalars.encode(value, to: $0) }
    }

    /// The bytes of `first` followed by those of `second`: what a struct of these two fields
    /// writes, without a container for the struct.
    @usableFromInline
    static func encoded<First: Encodable, Second: Encodable>(
        _ first: First, _ second: Second, with writer: BinaryWriter
    ) throws(LedgerError) -> UnsafeRawBufferPointer {
        try encoded((First, Second).self, with: writer) { output in
            try BinaryScalars.encode(first, to: output)
            try BinaryScalars.encode(second, to: output)
        }
    }

    /// The bytes of `value`, a table's key or row, written by `coding` as `encoded(_:with:)` does.
    @usableFromInline
    static func encoded<Value>(_ value: Value, with writer: BinaryWriter, coding: BinaryCoding<Value>) throws(LedgerError) -> UnsafeRawBufferPointer {
        try encoded(Value.self, with: writer) { try coding.write(value, $0) }
    }

    private static func encoded<Value>(
        _ type: Value.Type, with writer: BinaryWriter,
        _ write: (BinaryOutput) throws -> Void
    ) throws(LedgerError) -> UnsafeRawBufferPointer {
        writer.output.reset()
        do {
            try write(writer.output)
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.invalidInput, "\(Value.self) cannot be stored in a read model: \(error)")
        }
        return writer.output.written
    }
}

/// Writes the values the binary forms know, and hands others their encoder.
enum BinaryScalars {
    static func encode<T: Encodable>(_ value: T, to output: BinaryOutput) throws {
        if T.self == String.self {
            output.write(unsafeBitCast(value, to: String.self))
        } else if T.self == Bool.self {
            output.write(unsafeBitCast(value, to: Bool.self))
        } else if T.self == Double.self {
            output.write(unsafeBitCast(value, to: Double.self))
        } else if T.self == Int.self {
            output.write(signed: Int64(unsafeBitCast(value, to: Int.self)))
        } else if T.self == UInt64.self {
            output.write(unsigned: unsafeBitCast(value, to: UInt64.self))
        } else if T.self == Float.self {
            output.write(Double(unsafeBitCast(value, to: Float.self)))
        } else if T.self == NameOrderKey.self {
            // The key most tables listed by name have, written without a container.
            let key = unsafeBitCast(value, to: NameOrderKey.self)
            output.write(key.nameOrder)
            output.write(key.id)
        } else if T.self == CaseFolded.self {
            // The field of most indexes of names, written without a container.
            output.write(NameOrder.key(unsafeBitCast(value, to: CaseFolded.self).name))
        } else if IntegerTypes.matching(T.self) != nil, let number = value as? any FixedWidthInteger {
            if type(of: number).isSigned {
                output.write(signed: Int64(number))
            } else {
                output.write(unsigned: UInt64(number))
            }
        } else {
            try value.encode(to: BinaryValueEncoder(output))
        }
    }
}

private struct BinaryValueEncoder: Encoder {
    let output: BinaryOutput
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ output: BinaryOutput) {
        self.output = output
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        output.keyedContainer(Key.self)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        BinaryUnkeyedEncoding(output: output, countAt: output.beginArray())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        BinarySingleValueEncoding(output: output)
    }
}

private extension BinaryOutput {
    /// The container of a struct with coding keys `Key` writing here, made once for each key type.
    func keyedContainer<Key: CodingKey>(_ keyType: Key.Type) -> KeyedEncodingContainer<Key> {
        keyedContainers.container(keyType) { KeyedEncodingContainer(BinaryKeyedEncoding<Key>(output: self)) }
    }
}

/// A struct's fields, one after another without their names: they are read back in the
/// order they are written, as synthesized `Codable` conformances do.
private struct BinaryKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let output: BinaryOutput
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { output.writeNull() }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try BinaryScalars.encode(value, to: output)
    }

    // The values synthesized conformances encode most, written without a generic call.
    mutating func encode(_ value: Int, forKey key: Key) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { output.write(value) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { output.write(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { output.write(value) }
    mutating func encode(_ value: Float, forKey key: Key) throws { output.write(Double(value)) }

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

    // Inlined into each overload above, so that it is specialized for the overload's type
    // instead of looking up `Optional<T>` at run time for every field.
    @inline(__always)
    private func write<T: Encodable>(_ value: T?) throws {
        if let value { try BinaryScalars.encode(value, to: output) } else { output.writeNull() }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        output.keyedContainer(NestedKey.self)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        BinaryUnkeyedEncoding(output: output, countAt: output.beginArray())
    }

    mutating func superEncoder() -> any Encoder { BinaryValueEncoder(output) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { BinaryValueEncoder(output) }
}

private struct BinaryUnkeyedEncoding: UnkeyedEncodingContainer {
    let output: BinaryOutput
    let countAt: Int
    var codingPath: [any CodingKey] { [] }
    private(set) var count = 0

    init(output: BinaryOutput, countAt: Int) {
        self.output = output
        self.countAt = countAt
    }

    private mutating func counted() {
        output.countElement(ofArrayAt: countAt)
        count += 1
    }

    mutating func encodeNil() throws {
        counted()
        output.writeNull()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        counted()
        try BinaryScalars.encode(value, to: output)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        counted()
        return output.keyedContainer(NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        counted()
        return BinaryUnkeyedEncoding(output: output, countAt: output.beginArray())
    }

    mutating func superEncoder() -> any Encoder {
        counted()
        return BinaryValueEncoder(output)
    }
}

private struct BinarySingleValueEncoding: SingleValueEncodingContainer {
    let output: BinaryOutput
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { output.writeNull() }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try BinaryScalars.encode(value, to: output)
    }

    mutating func encode(_ value: Int) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: Int8) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: Int16) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: Int32) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: Int64) throws { output.write(signed: Int64(value)) }
    mutating func encode(_ value: UInt) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt8) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt16) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt32) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: UInt64) throws { output.write(unsigned: UInt64(value)) }
    mutating func encode(_ value: String) throws { output.write(value) }
    mutating func encode(_ value: Bool) throws { output.write(value) }
    mutating func encode(_ value: Double) throws { output.write(value) }
    mutating func encode(_ value: Float) throws { output.write(Double(value)) }
}
