/// Decodes a `Codable` event from its JSON payload, with the ledger's rules for payloads:
/// a field the type does not read is rejected, a missing or mistyped field is rejected
/// naming it, null stands for an absent field, and whole numbers must fit the field's type.
/// Every error is `.invalidInput` naming the field (`items[2].title` for nested ones).
enum PayloadDecoder {
    /// Decodes `Value` from `payload`; without `checkingFields` (a payload the log holds,
    /// checked when it was appended), fields the type does not read are not looked for, and
    /// ids and names are taken as they are.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from payload: [String: JSONValue],
        checkingFields: Bool = true
    ) throws(LedgerError) -> Value {
        let fields = FieldUse(isChecking: checkingFields)
        return try invalidFields {
            let value = try Value(from: JSONValueDecoder(.object(payload), codingPath: [], fields: fields))
            try fields.requireAllRead()
            return value
        }
    }

    /// Decodes `Value` from a payload the log holds, as `decode(_:from:checkingFields:)` does
    /// without checking fields: each field the type reads is looked up among the members, with
    /// no dictionary made of them, and read from the payload's text when it is located.
    static func decodeRecorded<Value: Decodable>(_ type: Value.Type, _ payload: RecordedPayload) throws(LedgerError) -> Value {
        switch payload {
        case .text(let text):
            return try invalidFields { try Value(from: PayloadTextDecoder(payload: text)) }
        case .members(let members):
            let fields = FieldUse(isChecking: false)
            return try invalidFields { try Value(from: JSONValueDecoder(members: members, fields: fields)) }
        }
    }

    /// What `decode` returns, its errors as `.invalidInput` naming the field.
    private static func invalidFields<Value>(_ decode: () throws -> Value) throws(LedgerError) -> Value {
        do {
            return try decode()
        } catch let error as LedgerError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw LedgerError.invalidField(context.codingPath.fieldName, context.debugDescription)
        } catch let DecodingError.typeMismatch(_, context) {
            throw LedgerError.invalidField(context.codingPath.fieldName, context.debugDescription)
        } catch let DecodingError.keyNotFound(key, context) {
            throw LedgerError.invalidField((context.codingPath + [key]).fieldName, "missing")
        } catch let DecodingError.valueNotFound(_, context) {
            throw LedgerError.invalidField(context.codingPath.fieldName, "missing")
        } catch {
            throw LedgerError(.invalidInput, "\(error)")
        }
    }
}

/// The fields of every object a decoding met, and which of them the type read: any other
/// is an unknown field.
final class FieldUse {
    /// Each object's path and fields, and the names read from it (a few each: a list costs
    /// less than a set), kept apart so that marking a name read changes one list in place.
    /// A decoding uses one thread, one call at a time: checking exclusive access at run time
    /// would cost more than the lookups.
    @exclusivity(unchecked) private var objects: [(path: [any CodingKey], fields: [String: JSONValue])] = []
    @exclusivity(unchecked) private var read: [[String]] = []
    /// Whether the payload is checked: its fields tracked, its ids and names validated.
    let isChecking: Bool

    init(isChecking: Bool) {
        self.isChecking = isChecking
    }

    /// Registers an object; returns its index for `markRead`.
    func register(_ fields: @autoclosure () -> [String: JSONValue], at path: @autoclosure () -> [any CodingKey]) -> Int {
        guard isChecking else { return 0 }
        objects.append((path(), fields()))
        read.append([])
        return objects.count - 1
    }

    func markRead(_ field: String, of object: Int) {
        if isChecking, !read[object].contains(field) { read[object].append(field) }
    }

    /// Throws naming the first field (in sorted order) of the first object that was not read.
    func requireAllRead() throws(LedgerError) {
        for (index, object) in objects.enumerated() {
            let read = read[index]
            guard !object.fields.keys.allSatisfy(read.contains) else { continue }
            if let unknown = object.fields.keys.filter({ !read.contains($0) }).min() {
                throw LedgerError.unknownField((object.path + [NamedKey(unknown)]).fieldName)
            }
        }
    }
}

/// Decodes a `JSONValue`, or the members of a recorded payload's object.
struct JSONValueDecoder: Decoder {
    /// The value decoded, or nil for the members of a recorded payload's object.
    private let decoded: JSONValue?
    /// The members of the object decoded, when they are a recorded payload's, in a list.
    private let listedMembers: [(key: String, value: JSONValue)]
    let codingPath: [any CodingKey]
    let fields: FieldUse
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(_ value: JSONValue, codingPath: [any CodingKey], fields: FieldUse) {
        decoded = value
        listedMembers = []
        self.codingPath = codingPath
        self.fields = fields
    }

    /// A decoder of the object with `members`, listed in the order written.
    init(members: [(key: String, value: JSONValue)], fields: FieldUse) {
        decoded = nil
        listedMembers = members
        codingPath = []
        self.fields = fields
    }

    /// The value decoded, as a `JSONValue`.
    private var value: JSONValue { decoded ?? .object(Dictionary(uniqueKeysWithValues: listedMembers)) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        let members: JSONObjectMembers
        switch decoded {
        case nil: members = .list(listedMembers)
        case .object(let dictionary)?: members = .dictionary(dictionary)
        case let other?: throw JSONScalarReader.mismatch("an object", other, codingPath)
        }
        let index = fields.register(members.dictionary, at: codingPath)
        return KeyedDecodingContainer(JSONKeyedDecoding<Key>(members: members, codingPath: codingPath, fields: fields, object: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else { throw JSONScalarReader.mismatch("an array", value, codingPath) }
        return JSONUnkeyedDecoding(elements: elements, codingPath: codingPath, fields: fields)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueDecoding(value: value, codingPath: codingPath, fields: fields)
    }
}

/// Turns JSON values into the scalars a type asks for.
enum JSONScalarReader {
    static func decode<T: Decodable>(
        _ type: T.Type, from value: JSONValue, codingPath: @autoclosure () -> [any CodingKey],
        fields: FieldUse
    ) throws -> T {
        if T.self == String.self {
            guard case .string(let text) = value else { throw mismatch("a string", value, codingPath()) }
            return unsafeBitCast(text, to: T.self)
        }
        if T.self == Bool.self {
            guard case .bool(let flag) = value else { throw mismatch("true or false", value, codingPath()) }
            return unsafeBitCast(flag, to: T.self)
        }
        if T.self == Double.self || T.self == Float.self {
            let number: Double
            switch value {
            case .int(let whole): number = Double(whole)
            case .double(let fraction): number = fraction
            default: throw mismatch("a number", value, codingPath())
            }
            return T.self == Double.self ? number as! T : Float(number) as! T
        }
        if T.self == Int.self {
            return unsafeBitCast(try wholeNumber(Int.self, from: value, codingPath: codingPath()), to: T.self)
        }
        // The checked fields of most events, read without a decoder of their own.
        if T.self == ID.self {
            guard case .string(let text) = value else { throw mismatch("an id string", value, codingPath()) }
            return unsafeBitCast(try ID(text: text, checking: fields.isChecking, field: codingPath().fieldName), to: T.self)
        }
        if T.self == Name.self {
            guard case .string(let text) = value else { throw mismatch("a string", value, codingPath()) }
            return unsafeBitCast(try Name(text: text, checking: fields.isChecking, field: codingPath().fieldName), to: T.self)
        }
        if T.self == OptionalID.self {
            if value.isNull { return unsafeBitCast(OptionalID(wrappedValue: nil), to: T.self) }
            guard case .string(let text) = value else { throw mismatch("an id string", value, codingPath()) }
            return unsafeBitCast(try OptionalID(text: text, checking: fields.isChecking, field: codingPath().fieldName), to: T.self)
        }
        if let integer = IntegerTypes.matching(T.self) {
            return try wholeNumber(integer, from: value, codingPath: codingPath()) as! T
        }
        // A field holding any JSON (a restored row) is the value as it is.
        if T.self == JSONValue.self { return value as! T }
        let path = codingPath()
        do {
            return try T(from: JSONValueDecoder(value, codingPath: path, fields: fields))
        } catch DecodingError.dataCorrupted where T.self is any CaseIterable.Type {
            let choices = (T.self as! any CaseIterable.Type).choiceNames
            throw LedgerError.invalidField(path.fieldName, "must be one of \(choices.joined(separator: ", "))")
        }
    }

    private static func wholeNumber<I: FixedWidthInteger>(_ type: I.Type, from value: JSONValue, codingPath: [any CodingKey]) throws -> I {
        guard case .int(let whole) = value, let exact = I(exactly: whole) else {
            throw mismatch("a whole number from \(I.min) to \(I.max)", value, codingPath)
        }
        return exact
    }

    static func mismatch(_ expected: String, _ value: JSONValue, _ codingPath: [any CodingKey]) -> LedgerError {
        value.isNull
            ? LedgerError.invalidField(codingPath.fieldName, "missing")
            : LedgerError.invalidField(codingPath.fieldName, "expected \(expected), got \(value.kindName)")
    }
}

/// The members of a JSON object as a keyed container looks them up.
private enum JSONObjectMembers {
    /// Members parsed into a dictionary.
    case dictionary([String: JSONValue])
    /// A recorded payload's members in the order written: a type reads each of its few
    /// fields once, and a search of the list costs less than hashing them all.
    case list([(key: String, value: JSONValue)])

    /// The member named `name`, or nil.
    subscript(name: String) -> JSONValue? {
        switch self {
        case .dictionary(let members): members[name]
        case .list(let members): members.first { $0.key == name }?.value
        }
    }

    /// The members in a dictionary.
    var dictionary: [String: JSONValue] {
        switch self {
        case .dictionary(let members): members
        case .list(let members): Dictionary(uniqueKeysWithValues: members)
        }
    }
}

private struct JSONKeyedDecoding<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: JSONObjectMembers
    let codingPath: [any CodingKey]
    let fields: FieldUse
    let object: Int

    var allKeys: [Key] { members.dictionary.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        fields.markRead(key.stringValue, of: object)
        return members[key.stringValue] != nil
    }

    /// The member under `key`, null when absent.
    private func member(_ key: Key) -> JSONValue {
        fields.markRead(key.stringValue, of: object)
        return members[key.stringValue] ?? .null
    }

    func decodeNil(forKey key: Key) throws -> Bool { member(key).isNull }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try JSONScalarReader.decode(type, from: member(key), codingPath: codingPath + [key], fields: fields)
    }

    // Optional fields: null or absent is nil. Read here rather than by the protocol's
    // default, which asks `contains`, `decodeNil` and `decode` in turn, each a lookup.
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let value = member(key)
        return value.isNull ? nil : try JSONScalarReader.decode(type, from: value, codingPath: codingPath + [key], fields: fields)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONValueDecoder(member(key), codingPath: codingPath + [key], fields: fields).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONValueDecoder(member(key), codingPath: codingPath + [key], fields: fields).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        JSONValueDecoder(.object(members.dictionary), codingPath: codingPath, fields: fields)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        JSONValueDecoder(member(key), codingPath: codingPath + [key], fields: fields)
    }
}

private struct JSONUnkeyedDecoding: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let fields: FieldUse
    var currentIndex = 0
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    init(elements: [JSONValue], codingPath: [any CodingKey], fields: FieldUse) {
        self.elements = elements
        self.codingPath = codingPath
        self.fields = fields
    }

    /// The next element and its path; throws past the end.
    private mutating func next() throws -> (JSONValue, [any CodingKey]) {
        let path = codingPath + [IndexKey(currentIndex)]
        guard !isAtEnd else { throw LedgerError.invalidField(path.fieldName, "missing") }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].isNull else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (element, path) = try next()
        return try JSONScalarReader.decode(type, from: element, codingPath: path, fields: fields)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (element, path) = try next()
        return try JSONValueDecoder(element, codingPath: path, fields: fields).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (element, path) = try next()
        return try JSONValueDecoder(element, codingPath: path, fields: fields).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (element, path) = try next()
        return JSONValueDecoder(element, codingPath: path, fields: fields)
    }
}

private struct JSONSingleValueDecoding: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let fields: FieldUse

    func decodeNil() -> Bool { value.isNull }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try JSONScalarReader.decode(type, from: value, codingPath: codingPath, fields: fields)
    }
}

private extension CaseIterable {
    /// The values of the cases, in order: their raw values when they have some.
    static var choiceNames: [String] {
        allCases.map { choice in (choice as? any RawRepresentable).map { "\($0.rawValue)" } ?? "\(choice)" }
    }
}
