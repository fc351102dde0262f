/// Encodes a query's answer into JSON as `ledger query --json` prints it: every field a value
/// encodes is kept, a nil one as null; whole numbers are JSON integers. Encoding the rows of
/// a table, it also records the keys of the rows, in the order first encoded, which the
/// table's columns follow.
///
/// The value being built is held by the encoder itself: encoding a field that is not a
/// string, a number or a flag sets the value being built aside, builds the field's value,
/// then takes the value up again. The keyed containers are made once for each coding-key
/// type and used again for every object, and an object follows the shape of the last one of
/// its coding keys (`QueryObjectShape`): it starts as a copy of that object's keys and fills
/// their values in place while it encodes the same keys in the same order, as the rows of a
/// query do, so that it costs a copy of a dictionary, not the hashing of each of its keys. A
/// container asked for with `nestedContainer` (or an encoder with `superEncoder`) may be
/// written to after its parent goes on, so it gets an encoder of its own, whose value is put
/// in place when the parent's is done.
final class QueryRowEncoder {
    // The state of the encoding; used by one encoding at a time, on one thread.
    /// The value being built.
    @exclusivity(unchecked) private var value = ValueBeingBuilt()
    /// The steps from the outermost value to the one being built.
    @exclusivity(unchecked) private var path: [PathStep]
    /// The keys of the member steps of `path`, in order.
    @exclusivity(unchecked) private var memberKeys: [any CodingKey]
    /// The keys of the outermost objects, in the order first encoded.
    @exclusivity(unchecked) private var rowKeys: [String] = []
    /// The keyed containers made, each with the shape of the last object of its coding keys.
    @exclusivity(unchecked) private var kept: [(keyType: ObjectIdentifier, container: AnyObject, shape: QueryObjectShape)] = []

    private init(codingPath: [any CodingKey] = []) {
        path = codingPath.indices.map(PathStep.member)
        memberKeys = codingPath
    }

    /// `value` as JSON. A number JSON cannot hold is `.invalidInput` naming its field.
    static func json<Value: Encodable>(of value: Value) throws(LedgerError) -> JSONValue {
        let encoder = QueryRowEncoder()
        defer { encoder.kept.removeAll() }
        return try encoder.encode(value)
    }

    /// Each of `rows` as JSON, and the keys the rows encode as objects, in the order first
    /// encoded (the empty key for a row that is not an object).
    static func rows<Row: Encodable>(_ rows: [Row]) throws(LedgerError) -> (json: [JSONValue], keys: [String]) {
        let encoder = QueryRowEncoder()
        defer { encoder.kept.removeAll() }
        var json: [JSONValue] = []
        json.reserveCapacity(rows.count)
        for row in rows {
            let value = try encoder.encode(row)
            if case .object = value {} else { encoder.noteRowKey("") }
            json.append(value)
        }
        return (json, encoder.rowKeys)
    }

    /// `value` as JSON, an error other than the ledger's named with the value's type.
    private func encode<Value: Encodable>(_ value: Value) throws(LedgerError) -> JSONValue {
        do {
            return try json(of: value)
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.invalidInput, "\(Value.self) cannot be encoded: \(error)")
        }
    }

    /// The keys from the outermost value to the one being built.
    var codingPath: [any CodingKey] {
        path.map { step in
            switch step {
            case .member(let index): memberKeys[index]
            case .element(let index): IndexKey(index)
            }
        }
    }

    /// The field `key` of the value being built (nil: that value), as errors name it.
    func fieldName(_ key: (any CodingKey)? = nil) -> String {
        (codingPath + (key.map { [$0] } ?? [])).fieldName
    }

    /// `value`, the value being built, as JSON.
    func json<T: Encodable>(of value: T) throws -> JSONValue {
        try scalar(value, field: fieldName()) ?? built(value)
    }

    /// `value`, the member `key` of the object being built, as JSON.
    func json<T: Encodable>(of value: T, member key: some CodingKey) throws -> JSONValue {
        if let scalar = try scalar(value, field: fieldName(key)) { return scalar }
        memberKeys.append(key)
        path.append(.member(memberKeys.count - 1))
        defer {
            path.removeLast()
            memberKeys.removeLast()
        }
        return try built(value)
    }

    /// `value`, the next element of the array being built, as JSON.
    func json<T: Encodable>(ofElement value: T) throws -> JSONValue {
        let index = self.value.elements.count
        if let scalar = try scalar(value, field: fieldName(IndexKey(index))) { return scalar }
        path.append(.element(index))
        defer { path.removeLast() }
        return try built(value)
    }

    /// `value` as JSON when it is a string, a boolean or a number; `field` names it in errors.
    private func scalar<T: Encodable>(_ value: T, field: @autoclosure () -> String) throws -> JSONValue? {
        // The type checks are comparisons of type metadata; a cast to a protocol would look
        // for conformances, for every field of every row.
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return .int(Int64(unsafeBitCast(value, to: Int.self))) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return try number(unsafeBitCast(value, to: Double.self), field: field()) }
        if T.self == Float.self { return try number(Double(unsafeBitCast(value, to: Float.self)), field: field()) }
        if T.self == JSONValue.self { return unsafeBitCast(value, to: JSONValue.self) }
        if IntegerTypes.matching(T.self) != nil, let number = value as? any BinaryInteger {
            guard let exact = Int64(exactly: number) else {
                throw LedgerError.invalidField(field(), "\(number) is beyond the whole numbers JSON holds here")
            }
            return .int(exact)
        }
        return nil
    }

    /// A number as JSON; `.invalidInput` naming `field` when it is not finite.
    func number(_ number: Double, field: @autoclosure () -> String) throws -> JSONValue {
        guard number.isFinite else { throw LedgerError.invalidField(field(), "\(number) is not a number JSON can hold") }
        return .double(number)
    }

    /// `value` built through its `encode(to:)`, the value being built set aside meanwhile.
    private func built<T: Encodable>(_ value: T) throws -> JSONValue {
        var setAside = ValueBeingBuilt()
        swap(&setAside, &self.value)
        defer { swap(&setAside, &self.value) }
        try value.encode(to: QueryValueEncoder(encoder: self))
        return try finished()
    }

    /// The value built, the values of its nested encoders put in place: null when nothing
    /// was encoded.
    private func finished() throws -> JSONValue {
        if !value.nested.isEmpty { try finishNested() }
        switch value.form {
        case .nothing: return .null
        case .object:
            if value.matchedSlots >= 0, value.matchedSlots == value.slots.count { return .object(value.members) }
            return .object(finishedOffShape())
        case .array: return .array(value.elements)
        case .single: return value.single
        }
    }

    /// Puts the values of the nested encoders of the value being built in place.
    private func finishNested() throws {
        for (slot, encoder) in value.nested {
            defer { encoder.kept.removeAll() }
            let nested = try encoder.finished()
            switch slot {
            case .member(let key): value.members[key] = nested
            case .element(let index): value.elements[index] = nested
            }
        }
    }

    /// The members of an object built off its shape, or that left it, which becomes the shape
    /// of its coding keys.
    private func finishedOffShape() -> [String: JSONValue] {
        if value.matchedSlots >= 0 { leaveShape() }
        kept[value.shapeOwner].shape.take(value.members, keysInOrder: value.keysInOrder)
        return value.members
    }

    /// Records `key` as a key of the rows, when not yet recorded.
    private func noteRowKey(_ key: String) {
        if !rowKeys.contains(key) { rowKeys.append(key) }
    }

    // What the containers do.

    /// The keyed container of the value being built, which becomes an object: one following
    /// the shape of the last object of coding keys `Key`, when there is one.
    func keyedContainer<Key: CodingKey>(_ keyType: Key.Type) -> KeyedEncodingContainer<Key> {
        let owner = keptIndex(ObjectIdentifier(keyType)) ?? keep(keyType)
        if value.form != .object {
            value.form = .object
            value.shapeOwner = owner
            value.members = kept[owner].shape.members
            value.slots = kept[owner].shape.slots
            value.matchedSlots = value.slots.isEmpty ? -1 : 0
        }
        return unsafeBitCast(kept[owner].container, to: KeyedEncodingContainer<Key>.self)
    }

    /// Where the keyed container for the coding keys `keyType` identifies is kept, if one was
    /// made. Not generic: a generic function looks the generic types it names up at run time,
    /// on every call.
    private func keptIndex(_ keyType: ObjectIdentifier) -> Int? {
        kept.firstIndex { $0.keyType == keyType }
    }

    /// Makes and keeps the keyed container for coding keys `Key`, with no shape yet.
    @inline(never)
    private func keep<Key: CodingKey>(_ keyType: Key.Type) -> Int {
        let container = KeyedEncodingContainer(QueryKeyedEncoding<Key>(encoder: self))
        kept.append((ObjectIdentifier(keyType), unsafeBitCast(container, to: AnyObject.self), QueryObjectShape()))
        return kept.count - 1
    }

    /// The unkeyed container of the value being built, which becomes an array.
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if value.form != .array {
            value.form = .array
            value.elements = []
        }
        return QueryUnkeyedEncoding(encoder: self)
    }

    /// Sets the member `key` of the object being built (a key set twice keeps its last value).
    func setMember(_ member: consuming JSONValue, forKey key: String) {
        if path.isEmpty { noteRowKey(key) }
        let matched = value.matchedSlots
        if matched >= 0 {
            if matched < value.slots.count, value.slots[matched].key == key {
                value.members.values[value.slots[matched].index] = member
                value.matchedSlots = matched + 1
                return
            }
            leaveShape()
        }
        value.members[key] = member
        value.keysInOrder.append(key)
    }

    /// Goes on building the object off its shape: the members it has set, in the order of
    /// its shape, then those it sets from now on.
    private func leaveShape() {
        let matched = value.slots.prefix(value.matchedSlots)
        var members = [String: JSONValue](minimumCapacity: value.slots.count + 1)
        for slot in matched { members[slot.key] = value.members.values[slot.index] }
        value.members = members
        value.keysInOrder = matched.map(\.key)
        value.matchedSlots = -1
    }

    /// Appends `element` to the array being built.
    func append(_ element: consuming JSONValue) {
        value.elements.append(element)
    }

    /// The number of elements of the array being built.
    var elementCount: Int { value.elements.count }

    /// Sets the value being built to `single`, one piece.
    func setSingle(_ single: consuming JSONValue) {
        value.form = .single
        value.single = single
    }

    /// An encoder of its own for the member `key` of the object being built.
    func nestedEncoder(forMember key: any CodingKey) -> QueryRowEncoder {
        setMember(.null, forKey: key.stringValue)
        return nestedEncoder(.member(key.stringValue), at: key)
    }

    /// An encoder of its own for the next element of the array being built.
    func nestedEncoderForNextElement() -> QueryRowEncoder {
        let index = value.elements.count
        append(.null)
        return nestedEncoder(.element(index), at: IndexKey(index))
    }

    private func nestedEncoder(_ slot: ValueBeingBuilt.Slot, at key: any CodingKey) -> QueryRowEncoder {
        let encoder = QueryRowEncoder(codingPath: codingPath + [key])
        value.nested.append((slot, encoder))
        return encoder
    }
}

extension QueryRowEncoder {
    /// A step from a value to one inside it.
    enum PathStep {
        /// To a member of an object, by where its key is in `memberKeys`.
        case member(Int)
        /// To an element of an array, by its index.
        case element(Int)
    }
}

/// A value a `QueryRowEncoder` is building.
private struct ValueBeingBuilt {
    /// What the value is so far.
    enum Form {
        case nothing, object, array, single
    }

    /// Where in the value the value of a nested encoder goes.
    enum Slot {
        case member(String)
        case element(Int)
    }

    var form = Form.nothing
    var members: [String: JSONValue] = [:]
    var elements: [JSONValue] = []
    var single = JSONValue.null
    /// Where the container of the object's coding keys is kept, with their shape.
    var shapeOwner = 0
    /// The keys of the shape the object follows, each with where it lies among the members.
    var slots: [QueryObjectShape.Slot] = []
    /// How many of `slots` the object has set, in order, filling in the values of the copy
    /// of its shape it started as; -1 once it has left its shape (or had none).
    var matchedSlots = -1
    /// The keys the object has set off its shape, in order.
    var keysInOrder: [String] = []
    /// The values made by encoders of their own, put in place when the value is done.
    var nested: [(slot: Slot, encoder: QueryRowEncoder)] = []
}
