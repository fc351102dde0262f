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
        switch try encoded(value) {
        case .value(let scalar): scalar
        case .slot(let slot): slot.built ?? .null
        }
    }

    /// The canonical JSON text of `value`'s payload: the bytes `payload(of:)` serialized would
    /// be, written from the encoded fields without building the object first. A number that
    /// is not finite, which JSON cannot hold, is `.invalidInput` naming its field.
    static func payloadText<Value: Encodable>(of value: Value) throws(LedgerError) -> [UInt8] {
        try encodedObject(value, checks: nil).text()
    }

    /// The canonical JSON text of an event's payload, its `ID`, `OptionalID`, `Name` and other
    /// checked text fields checked by their rules as an append checks them: a field a rule
    /// refuses is `.invalidInput` naming it. Nil when a rule changes a field (a name with white
    /// space around it, which the text holds trimmed) or when `requiredField` is left out:
    /// `value` is then not the event the text holds.
    static func checkedPayloadText<Value: Encodable>(of value: Value, requiring requiredField: String?) throws(LedgerError) -> [UInt8]? {
        let checks = RuleChecks()
        let slot = try encodedObject(value, checks: checks)
        guard !checks.changedAField else { return nil }
        if let requiredField, !slot.object.contains(where: { $0.0 == requiredField && !JSONSlot.isNull($0.1) }) { return nil }
        return try slot.text()
    }

    /// `text`, checked by `rule` when `encoder` writes a payload whose fields are checked.
    static func checkedText<Rule: TextFieldRule>(_ text: String, by rule: Rule.Type, encodedBy encoder: any Encoder) throws -> String {
        guard let encoder = encoder as? JSONValueEncoder else { return text }
        return try encoder.checks?.checked(text, by: rule, field: encoder.codingPath) ?? text
    }

    /// `value` encoded as an object of fields, which it must be; its checked text fields
    /// checked when `checks` is given.
    private static func encodedObject<Value: Encodable>(_ value: Value, checks: RuleChecks?) throws(LedgerError) -> JSONSlot {
        guard case .slot(let slot) = try encoded(value, checks: checks), slot.isObject else {
            throw LedgerError(.invalidInput, "\(Value.self) must encode as an object of fields")
        }
        return slot
    }

    /// `value` encoded: a scalar, or a slot holding its containers; its checked text fields
    /// checked when `checks` is given.
    private static func encoded<Value: Encodable>(_ value: Value, checks: RuleChecks? = nil) throws(LedgerError) -> JSONSlot.Member {
        do {
            return try JSONScalar.member(value, codingPath: [], checks: checks)
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.invalidInput, "\(Value.self) cannot be encoded: \(error)")
        }
    }
}

/// The rules of checked text fields, applied while a payload is encoded, and whether one
/// changed a field.
private final class RuleChecks {
    private(set) var changedAField = false

    /// `text` as `rule` keeps it, for the field at `codingPath`.
    func checked<Rule: TextFieldRule>(
        _ text: String, by rule: Rule.Type, field codingPath: @autoclosure () -> [any CodingKey]
    ) throws(LedgerError) -> String {
        let kept = try Rule.checked(text, field: codingPath().fieldName)
        if kept != text { changedAField = true }
        return kept
    }
}

/// A JSON value being built: containers fill it in after they are handed out. A member or
/// element is a finished value, or a slot of its own when a container was handed out for it.
private final class JSONSlot {
    enum Member {
        case value(JSONValue)
        case slot(JSONSlot)
    }

    var value: JSONValue?
    var object: [(String, Member)] = []
    var array: [Member] = []
    var isObject = false
    var isArray = false

    /// The value, with its containers' members built.
    var built: JSONValue? {
        if isObject {
            var members: [String: JSONValue] = [:]
            members.reserveCapacity(object.count)
            for (key, member) in object {
                members[key] = Self.isNull(member) ? nil : Self.build(member)
            }
            return .object(members)
        }
        if isArray { return .array(array.map { Self.build($0) ?? .null }) }
        return value
    }

    private static func build(_ member: Member) -> JSONValue? {
        switch member {
        case .value(let value): value
        case .slot(let slot): slot.built
        }
    }

    /// The JSON text of `built`, serialized (see `write(to:)`).
    func text() throws(LedgerError) -> [UInt8] {
        var text: [UInt8] = []
        text.reserveCapacity(128)
        try write(to: &text)
        return text
    }

    /// Writes the JSON text of `built`, serialized, without building it: an object's members
    /// sorted by their keys' UTF-8 bytes, null ones left out, the last of a repeated key kept.
    func write(to text: inout [UInt8]) throws(LedgerError) {
        if isObject {
            // Members in key order, a repeated key's in the order written: the last one wins.
            let order = object.indices.sorted { first, second in
                let (firstKey, secondKey) = (object[first].0, object[second].0)
                return firstKey == secondKey ? first < second : firstKey.utf8.lexicographicallyPrecedes(secondKey.utf8)
            }
            text.append(UInt8(ascii: "{"))
            var separator = false
            for (rank, index) in order.enumerated() {
                let (key, member) = object[index]
                if rank + 1 < order.count, object[order[rank + 1]].0 == key { continue }
                if Self.isNull(member) { continue }
                if separator { text.append(UInt8(ascii: ",")) }
                separator = true
                JSONValue.string(key).write(to: &text)
                text.append(UInt8(ascii: ":"))
                try Self.write(member, named: key, to: &text)
            }
            text.append(UInt8(ascii: "}"))
        } else if isArray {
            text.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { text.append(UInt8(ascii: ",")) }
                try Self.write(element, named: String(index), to: &text)
            }
            text.append(UInt8(ascii: "]"))
        } else {
            try Self.write(.value(value ?? .null), named: "", to: &text)
        }
    }

    private static func write(_ member: Member, named name: String, to text: inout [UInt8]) throws(LedgerError) {
        switch member {
        case .value(.double(let number)) where !number.isFinite:
            throw LedgerError.invalidField(name, "\(number) is not a number JSON can hold")
        case .value(let value): value.write(to: &text)
        case .slot(let slot): try slot.write(to: &text)
        }
    }

    /// Whether `member` builds to null (or to nothing), as an object leaves out.
    static func isNull(_ member: Member) -> Bool {
        switch member {
        case .value(let value): value.isNull
        case .slot(let slot): !slot.isObject && !slot.isArray && (slot.value?.isNull ?? true)
        }
    }
}

private final class JSONValueEncoder: Encoder {
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let slot: JSONSlot
    /// The rules checked text fields are checked by, if they are.
    let checks: RuleChecks?

    init(codingPath: [any CodingKey], slot: JSONSlot = JSONSlot(), checks: RuleChecks?) {
        self.codingPath = codingPath
        self.slot = slot
        self.checks = checks
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        slot.isObject = true
        return KeyedEncodingContainer(JSONKeyedEncoding<Key>(codingPath: codingPath, slot: slot, checks: checks))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        slot.isArray = true
        return JSONUnkeyedEncoding(codingPath: codingPath, slot: slot, checks: checks)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueEncoding(codingPath: codingPath, slot: slot, checks: checks)
    }
}

/// The JSON form of a value a container is given.
private enum JSONScalar {
    /// The value itself when it is a scalar; otherwise it encodes into a slot of its own.
    static func member<T: Encodable>(_ value: T, codingPath: @autoclosure () -> [any CodingKey], checks: RuleChecks?) throws -> JSONSlot.Member {
        if T.self == String.self { return .value(.string(unsafeBitCast(value, to: String.self))) }
        if T.self == Bool.self { return .value(.bool(unsafeBitCast(value, to: Bool.self))) }
        if T.self == Double.self { return .value(.double(unsafeBitCast(value, to: Double.self))) }
        if T.self == Int.self { return .value(.int(Int64(unsafeBitCast(value, to: Int.self)))) }
        if T.self == Float.self { return .value(.double(Double(unsafeBitCast(value, to: Float.self)))) }
        if T.self == ID.self {
            return .value(.string(try checked(unsafeBitCast(value, to: ID.self).wrappedValue, IDRule.self, checks, codingPath())))
        }
        if T.self == Name.self {
            return .value(.string(try checked(unsafeBitCast(value, to: Name.self).wrappedValue, NameRule.self, checks, codingPath())))
        }
        if T.self == OptionalID.self {
            guard let text = unsafeBitCast(value, to: OptionalID.self).wrappedValue else { return .value(.null) }
            return .value(.string(try checked(text, IDRule.self, checks, codingPath())))
        }
        if IntegerTypes.matching(T.self) != nil, let number = value as? any BinaryInteger {
            guard let exact = Int64(exactly: number) else {
                throw LedgerError.invalidField(codingPath().fieldName, "\(number) is beyond the whole numbers a payload holds")
            }
            return .value(.int(exact))
        }
        if T.self == JSONValue.self { return .value(value as! JSONValue) }
        let slot = JSONSlot()
        try value.encode(to: JSONValueEncoder(codingPath: codingPath(), slot: slot, checks: checks))
        return .slot(slot)
    }

    /// `text` as `rule` keeps it when fields are checked, otherwise `text`.
    private static func checked<Rule: TextFieldRule>(
        _ text: String, _ rule: Rule.Type, _ checks: RuleChecks?,
        _ codingPath: @autoclosure () -> [any CodingKey]
    ) throws(LedgerError) -> String {
        guard let checks else { return text }
        return try checks.checked(text, by: rule, field: codingPath())
    }

    static func encode<T: Encodable>(_ value: T, codingPath: [any CodingKey], checks: RuleChecks?, into slot: JSONSlot) throws {
        switch try member(value, codingPath: codingPath, checks: checks) {
        case .value(let scalar): slot.value = scalar
        case .slot(let nested): slot.value = nested.built
        }
    }
}

private struct JSONKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let codingPath: [any CodingKey]
    let slot: JSONSlot
    let checks: RuleChecks?

    private func member(_ key: Key) -> JSONSlot {
        let member = JSONSlot()
        slot.object.append((key.stringValue, .slot(member)))
        return member
    }

    mutating func encodeNil(forKey key: Key) throws { slot.object.append((key.stringValue, .value(.null))) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        slot.object.append((key.stringValue, try JSONScalar.member(value, codingPath: codingPath + [key], checks: checks)))
    }

    // The values synthesized conformances encode most, added without a generic call; a nil
    // optional is left out, as the canonical payload leaves out nulls.
    mutating func encode(_ value: String, forKey key: Key) throws { slot.object.append((key.stringValue, .value(.string(value)))) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { slot.object.append((key.stringValue, .value(.bool(value)))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { slot.object.append((key.stringValue, .value(.int(Int64(value))))) }
    mutating func encode(_ value: Double, forKey key: Key) throws { slot.object.append((key.stringValue, .value(.double(value)))) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { if let value { try encode(value, forKey: key) } }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        JSONValueEncoder(codingPath: codingPath + [key], slot: member(key), checks: checks).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        JSONValueEncoder(codingPath: codingPath + [key], slot: member(key), checks: checks).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { JSONValueEncoder(codingPath: codingPath, slot: slot, checks: checks) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { JSONValueEncoder(codingPath: codingPath + [key], slot: member(key), checks: checks) }
}

private struct JSONUnkeyedEncoding: UnkeyedEncodingContainer {
    let codingPath: [any CodingKey]
    let slot: JSONSlot
    let checks: RuleChecks?
    var count: Int { slot.array.count }

    private func element() -> (JSONSlot, [any CodingKey]) {
        let element = JSONSlot()
        let path = codingPath + [IndexKey(slot.array.count)]
        slot.array.append(.slot(element))
        return (element, path)
    }

    mutating func encodeNil() throws { slot.array.append(.value(.null)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        slot.array.append(try JSONScalar.member(value, codingPath: codingPath + [IndexKey(slot.array.count)], checks: checks))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (element, path) = element()
        return JSONValueEncoder(codingPath: path, slot: element, checks: checks).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (element, path) = element()
        return JSONValueEncoder(codingPath: path, slot: element, checks: checks).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        let (element, path) = element()
        return JSONValueEncoder(codingPath: path, slot: element, checks: checks)
    }
}

private struct JSONSingleValueEncoding: SingleValueEncodingContainer {
    let codingPath: [any CodingKey]
    let slot: JSONSlot
    let checks: RuleChecks?

    mutating func encodeNil() throws { slot.value = .null }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try JSONScalar.encode(value, codingPath: codingPath, checks: checks, into: slot)
    }
}
