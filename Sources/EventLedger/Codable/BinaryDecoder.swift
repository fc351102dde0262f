/// Decodes `Codable` values from a `BinaryForm`, for read-model keys and rows.
@usableFromInline
enum BinaryDecoding {
    /// The value `bytes` hold in `form`; `.corruption` naming `source` when they do not
    /// hold one of that type, or hold more.
    @usableFromInline
    static func decode<Value: Decodable>(
        _ type: Value.Type, from bytes: [UInt8], as form: BinaryForm,
        with reader: BinaryReader = BinaryReader(),
        source: @autoclosure () -> String
    ) throws(LedgerError) -> Value {
        try LedgerError.typed {
            try bytes.withUnsafeBytes { buffer in
                try decode(from: buffer, as: form, with: reader, source: source()) { try BinaryValues.decode(type, from: $0) }
            }
        }
    }

    /// The key or row `bytes` hold in `form`, read by `coding` while they stay valid, with
    /// `reader`, which keeps the containers it makes for the next value.
    @usableFromInline
    static func decode<Value>(
        from bytes: UnsafeRawBufferPointer, as form: BinaryForm, with reader: BinaryReader,
        coding: BinaryCoding<Value>, source: @autoclosure () -> String
    ) throws(LedgerError) -> Value {
        try decode(from: bytes, as: form, with: reader, source: source(), coding.read)
    }

    private static func decode<Value>(
        from bytes: UnsafeRawBufferPointer, as form: BinaryForm, with reader: BinaryReader,
        source: @autoclosure () -> String,
        _ read: (BinaryInput) throws -> Value
    ) throws(LedgerError) -> Value {
        let input = reader.input
        input.start(bytes, as: form)
        defer { input.finish() }
        do {
            let value = try read(input)
            guard input.isAtEnd else { throw input.malformed("bytes left over") }
            return value
        } catch {
            throw LedgerError(
                .corruption,
                "malformed value in \(source()): \(error) (a domain that changes the keys or "
                    + "rows a table stores raises its readModelVersion, so that ledgers rebuild the read model)")
        }
    }
}

/// Reads the values the binary forms know, and hands others their decoder.
enum BinaryValues {
    static func decode<T: Decodable>(_ type: T.Type, from input: BinaryInput) throws -> T {
        // The type checks are comparisons of type metadata; a cast would look for conformances.
        if T.self == String.self { return unsafeBitCast(try input.readString(), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try wholeNumber(Int.self, from: input), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try input.readBool(), to: T.self) }
        if T.self == UInt64.self { return unsafeBitCast(try wholeNumber(UInt64.self, from: input), to: T.self) }
        if T.self == Int64.self { return unsafeBitCast(try wholeNumber(Int64.self, from: input), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try input.readDouble(), to: T.self) }
        if T.self == NameOrderKey.self {
            let (nameOrder, id) = (try input.readString(), try input.readString())
            return unsafeBitCast(NameOrderKey(nameOrder: nameOrder, id: id), to: T.self)
        }
        if T.self == Float.self { return unsafeBitCast(Float(try input.readDouble()), to: T.self) }
        if let integer = IntegerTypes.matching(T.self) { return try wholeNumber(integer, from: input) as! T }
        return try T(from: BinaryValueDecoder(input))
    }

    static func wholeNumber<I: FixedWidthInteger>(_ type: I.Type, from input: BinaryInput) throws(LedgerError) -> I {
        let value: I? = I.isSigned ? I(exactly: try input.readSigned()) : I(exactly: try input.readUnsigned())
        guard let value else { throw input.malformed("a number beyond \(I.self)") }
        return value
    }
}

private struct BinaryValueDecoder: Decoder {
    let input: BinaryInput
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ input: BinaryInput) {
        self.input = input
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        input.keyedContainer(Key.self)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try BinaryUnkeyedDecoding(input: input, count: input.beginArray())
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        BinarySingleValueDecoding(input: input)
    }
}

private extension BinaryInput {
    /// The container of a struct with coding keys `Key` reading here, made once for each key type.
    func keyedContainer<Key: CodingKey>(_ keyType: Key.Type) -> KeyedDecodingContainer<Key> {
        keyedContainers.container(keyType) { KeyedDecodingContainer(BinaryKeyedDecoding<Key>(input: self)) }
    }
}

/// A struct's fields, read in the order they were written.
private struct BinaryKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let input: BinaryInput
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) throws -> Bool { input.readNull() }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try BinaryValues.decode(type, from: input)
    }

    // The values synthesized conformances decode most, read without a generic call.
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try input.readString() }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try input.readBool() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try input.readDouble() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try input.readDouble()) }

    // Optional fields: nil is written, never left out. The common ones are read here rather than
    // by the protocol's default, which asks `contains`, `decodeNil` and `decode` in turn.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        input.readNull() ? nil : try BinaryValues.decode(type, from: input)
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { input.readNull() ? nil : try input.readString() }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { input.readNull() ? nil : try input.readBool() }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { input.readNull() ? nil : try input.readDouble() }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        input.readNull() ? nil : try BinaryValues.wholeNumber(type, from: input)
    }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        input.readNull() ? nil : try BinaryValues.wholeNumber(type, from: input)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        input.readNull() ? nil : try BinaryValues.wholeNumber(type, from: input)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        input.keyedContainer(NestedKey.self)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try BinaryUnkeyedDecoding(input: input, count: input.beginArray())
    }

    func superDecoder() throws -> any Decoder { BinaryValueDecoder(input) }

    func superDecoder(forKey key: Key) throws -> any Decoder { BinaryValueDecoder(input) }
}

private struct BinaryUnkeyedDecoding: UnkeyedDecodingContainer {
    let input: BinaryInput
    let elementCount: Int
    var codingPath: [any CodingKey] { [] }
    var currentIndex = 0
    var count: Int? { elementCount }
    var isAtEnd: Bool { currentIndex >= elementCount }

    init(input: BinaryInput, count: Int) {
        self.input = input
        elementCount = count
    }

    private mutating func next() throws {
        guard !isAtEnd else { throw input.malformed("an array shorter than read") }
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, input.readNull() else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next()
        return try BinaryValues.decode(type, from: input)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next()
        return input.keyedContainer(NestedKey.self)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next()
        return try BinaryUnkeyedDecoding(input: input, count: input.beginArray())
    }

    mutating func superDecoder() throws -> any Decoder {
        try next()
        return BinaryValueDecoder(input)
    }
}

private struct BinarySingleValueDecoding: SingleValueDecodingContainer {
    let input: BinaryInput
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool { input.readNull() }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try BinaryValues.decode(type, from: input)
    }

    func decode(_ type: Int.Type) throws -> Int { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: Int8.Type) throws -> Int8 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: Int16.Type) throws -> Int16 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: Int32.Type) throws -> Int32 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: Int64.Type) throws -> Int64 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt.Type) throws -> UInt { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try BinaryValues.wholeNumber(type, from: input) }
    func decode(_ type: String.Type) throws -> String { try input.readString() }
    func decode(_ type: Bool.Type) throws -> Bool { try input.readBool() }
    func decode(_ type: Double.Type) throws -> Double { try input.readDouble() }
    func decode(_ type: Float.Type) throws -> Float { Float(try input.readDouble()) }
}
