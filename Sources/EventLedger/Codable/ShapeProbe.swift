/// Describes the coded shape of a `Decodable` type without a value of it: decodes one from a
/// decoder that answers every request with a placeholder (an empty string, zero, false, a
/// value rather than nil, an array of one element) and records what was asked for, into a
/// `ShapeRecord`. What a read-model key or row stores is what its decoding reads, so two
/// types of one shape store the same bytes, and a field added, removed, renamed, moved or
/// given another kind of value changes the shape.
///
/// A value whose decoding refuses the placeholder it is given is taken as the first of its
/// cases when it is a `CaseIterable` enum (an enum stored as its raw value); any other one
/// ends the description there, naming its type (`Kind(string)!`): what follows it in its
/// containers is not described.
enum ShapeProbe {
    /// How deep values nest before the probe stops: there, arrays are empty and optional
    /// values nil, so a type that holds itself through them is described down to this depth.
    static let depthLimit = 16

    /// The shape of `type`, as text (see `ShapeRecord.text`).
    static func shape<T: Decodable>(of type: T.Type) -> String {
        let record = ShapeRecord()
        _ = try? value(type, into: record, depth: 0)
        return record.text
    }

    /// A value of `type` decoded from placeholders at `depth`, its shape recorded into `record`.
    static func value<T: Decodable>(_ type: T.Type, into record: ShapeRecord, depth: Int) throws -> T {
        if let kind = scalarKind(of: ObjectIdentifier(T.self)) {
            record.kind = .scalar(kind)
            return placeholder(of: T.self)
        }
        guard depth < depthLimit else { throw stop(T.self, at: record) }
        do {
            return try T(from: ShapeProbeDecoder(record: record, depth: depth + 1))
        } catch let stopped as ShapeProbeStopped {
            throw stopped
        } catch {
            if let first = firstCase(of: T.self) { return first }
            throw stop(T.self, at: record)
        }
    }

    /// The kind of value the binary forms store the type `type` identifies as, when it is one they store as it is
    /// (a string, a flag, a number): its shape is that kind, whatever else is known of it.
    static func scalarKind(of type: ObjectIdentifier) -> String? {
        // Comparisons of type metadata; a cast would look for conformances.
        switch type {
        case ObjectIdentifier(String.self): "string"
        case ObjectIdentifier(Bool.self): "bool"
        case ObjectIdentifier(Double.self), ObjectIdentifier(Float.self): "double"
        default: IntegerTypes.matching(type).map { $0.isSigned ? "int" : "uint" }
        }
    }

    /// The placeholder of `type`, one of those `scalarKind` knows: empty, false or zero.
    private static func placeholder<T>(of type: T.Type) -> T {
        if T.self == String.self { return unsafeBitCast("", to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(false, to: T.self) }
        if T.self == Double.self { return unsafeBitCast(0 as Double, to: T.self) }
        if T.self == Float.self { return unsafeBitCast(0 as Float, to: T.self) }
        return zero(of: IntegerTypes.matching(T.self)!) as! T
    }

    /// Zero of an integer type.
    private static func zero<Integer: FixedWidthInteger>(of type: Integer.Type) -> Any { Integer.zero }

    /// The first case of `type` when it is a `CaseIterable` enum, nil otherwise.
    private static func firstCase<T>(of type: T.Type) -> T? {
        guard let enumeration = type as? any CaseIterable.Type else { return nil }
        return firstCase(of: enumeration) as? T
    }

    private static func firstCase<Enumeration: CaseIterable>(of type: Enumeration.Type) -> Any? {
        Enumeration.allCases.first
    }

    /// Marks `record` as where the decoding of `type` failed, and returns the error that ends the probe.
    private static func stop<T>(_ type: T.Type, at record: ShapeRecord) -> ShapeProbeStopped {
        record.failedType = _typeName(type, qualified: false)
        return ShapeProbeStopped()
    }
}

/// Ends a probe whose value could not be decoded from placeholders.
private struct ShapeProbeStopped: Error {}

/// The decoder of one value of a probe.
private struct ShapeProbeDecoder: Decoder {
    let record: ShapeRecord
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedDecodingContainer<Key> {
        record.kind = .keyed
        return KeyedDecodingContainer(KeyedShapeProbe<Key>(record: record, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedDecodingContainer {
        record.kind = .unkeyed
        return UnkeyedShapeProbe(record: record, depth: depth)
    }

    func singleValueContainer() -> any SingleValueDecodingContainer {
        SingleValueShapeProbe(record: record, depth: depth)
    }
}

/// The fields of a probed value: every field is there, and not nil above the depth limit.
/// One key is listed, "0", so that a dictionary describes its values.
private struct KeyedShapeProbe<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let record: ShapeRecord
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { Key(stringValue: "0").map { [$0] } ?? [] }

    func contains(_ key: Key) -> Bool { true }

    func decodeNil(forKey key: Key) -> Bool {
        record.field(key.stringValue).isOptional = true
        return depth >= ShapeProbe.depthLimit
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ShapeProbe.value(type, into: record.field(key.stringValue), depth: depth)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) -> KeyedDecodingContainer<NestedKey> {
        ShapeProbeDecoder(record: record.field(key.stringValue), depth: depth + 1).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedDecodingContainer {
        ShapeProbeDecoder(record: record.field(key.stringValue), depth: depth + 1).unkeyedContainer()
    }

    func superDecoder() -> any Decoder { ShapeProbeDecoder(record: record.field("super"), depth: depth + 1) }

    func superDecoder(forKey key: Key) -> any Decoder { ShapeProbeDecoder(record: record.field(key.stringValue), depth: depth + 1) }
}

/// The elements of a probed array: one, none at the depth limit.
private struct UnkeyedShapeProbe: UnkeyedDecodingContainer {
    let record: ShapeRecord
    let depth: Int
    /// Whether the next element was asked whether it is nil.
    private var nextIsOptional = false
    var codingPath: [any CodingKey] { [] }
    var count: Int? { nil }
    var currentIndex: Int { record.elements.count }
    var isAtEnd: Bool { depth >= ShapeProbe.depthLimit || currentIndex > 0 }

    init(record: ShapeRecord, depth: Int) {
        self.record = record
        self.depth = depth
    }

    /// The record of the next element, read now.
    private mutating func next() -> ShapeRecord {
        let element = record.nextElement()
        element.isOptional = nextIsOptional
        nextIsOptional = false
        return element
    }

    mutating func decodeNil() -> Bool {
        nextIsOptional = true
        guard depth >= ShapeProbe.depthLimit else { return false }
        _ = next()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ShapeProbe.value(type, into: next(), depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        ShapeProbeDecoder(record: next(), depth: depth + 1).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer {
        ShapeProbeDecoder(record: next(), depth: depth + 1).unkeyedContainer()
    }

    mutating func superDecoder() -> any Decoder { ShapeProbeDecoder(record: next(), depth: depth + 1) }
}

/// A probed value of one piece: not nil above the depth limit.
private struct SingleValueShapeProbe: SingleValueDecodingContainer {
    let record: ShapeRecord
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        record.isOptional = true
        return depth >= ShapeProbe.depthLimit
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ShapeProbe.value(type, into: record, depth: depth)
    }
}
