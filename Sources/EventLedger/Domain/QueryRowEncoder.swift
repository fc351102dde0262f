/// Encodes a query's answer into JSON as `ledger query --json` prints it: every field a value
/// encodes is kept, a nil one as null; whole numbers are JSON integers. Encoding the rows of
/// a table, it also records the keys of the rows, in the order first encoded, which the
/// table's columns follow.
///
/// The value being built is held by the encoder itself: encoding a field that is not a
/// string, a number or a flag sets the value being built aside, builds the field's value,
/// then takes the value up again. The keyed containers are made once for each coding-key
/// type and used again for every object, and an object follows the shape of the last one of
/// its coding keys (`QueryObjectShape`): while it encodes the same keys in the same order, as
/// the rows of a query do, its values are set aside in order, on one stack shared by the
/// objects being built, and it is made from them at its end by one copy of the shape's
/// table of keys, so that it costs one allocation, not the hashing of each of its keys. A
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
    @exclusivity(unchecked) private var kept: [QueryKeyedEntry] = []
    /// The values set so far by the objects being built on their shapes, outermost first.
    @exclusivity(unchecked) private var shapedValues = QueryShapedValues()
    /// The number of elements of the last array built at each depth, which the next array at
    /// that depth makes room for at its start.
    @exclusivity(unchecked) private var arrayCounts: [Int] = []

    init(codingPath: [any CodingKey] = []) {
        path = codingPath.indices.map(PathStep.member)
        memberKeys = codingPath
    }

    /// `value` as JSON. A number JSON cannot hold is `.invalidInput` naming its field.
    static func json<Value: Encodable>(of value: Value) throws(LedgerError) -> JSONValue {
        try withEncoderOfThisThread { encoder throws(LedgerError) in try encoder.encode(value) }
    }

    /// Each of `rows` as JSON, and the keys the rows encode as objects, in the order first
    /// encoded (the empty key for a row that is not an object).
    static func rows<Row: Encodable>(_ rows: [Row]) throws(LedgerError) -> (json: [JSONValue], keys: [String]) {
        try withEncoderOfThisThread { encoder throws(LedgerError) in
            var json: [JSONValue] = []
            json.reserveCapacity(rows.count)
            for row in rows {
                let value = try encoder.encode(row)
                if case .object = value {} else { encoder.noteRowKey("") }
                json.append(value)
            }
            return (json, encoder.rowKeys)
        }
    }

    /// Makes the encoder ready for another value, as new but for the containers it made, the
    /// shapes of their objects and the room its arrays took, which it keeps.
    func reset() {
        value = ValueBeingBuilt()
        path.removeAll(keepingCapacity: true)
        memberKeys.removeAll(keepingCapacity: true)
        rowKeys.removeAll(keepingCapacity: true)
        shapedValues.drop(from: 0)
    }

    /// Forgets the containers made, which hold the encoder, so that it can be freed.
    func forgetContainers() {
        kept.removeAll()
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
        let shapedDepth = shapedValues.count
        defer {
            swap(&setAside, &self.value)
            // Left by an object whose encoding failed, when its error was caught inside.
            if shapedValues.count > shapedDepth { shapedValues.drop(from: shapedDepth) }
        }
        try value.encode(to: QueryValueEncoder(encoder: self))
        return try finished()
    }

    /// The value built, the values of its nested encoders put in place: null when nothing
    /// was encoded.
    private func finished() throws -> JSONValue {
        if let seldom = value.seldom, !seldom.nested.isEmpty {
            if value.matched >= 0 { leaveShape() }
            try finishNested()
        }
        switch value.form {
        case .nothing: return .null
        case .object:
            if value.matched >= 0, value.matched == value.shapeKeys.count { return .object(finishedOnShape()) }
            return .object(finishedOffShape())
        case .array:
            noteArrayCount(value.elements.count)
            return .array(value.elements)
        case .single: return value.single
        }
    }

    /// Puts the values of the nested encoders of the value being built in place.
    private func finishNested() throws {
        for (slot, encoder) in value.seldom?.nested ?? [] {
            defer { encoder.forgetContainers() }
            let nested = try encoder.finished()
            switch slot {
            case .member(let key): value.seldom?.members[key] = nested
            case .element(let index): value.elements[index] = nested
            }
        }
    }

    /// The members of an object that set every key of its shape in order, its values taken
    /// off the stack.
    private func finishedOnShape() -> [String: JSONValue] {
        let entry = value.entry.unsafelyUnwrapped
        return shapedValues.moveOff(from: value.base) { take in entry.shape.members(take) }
    }

    /// The members of an object built off its shape, or that left it, which becomes the shape
    /// of its coding keys.
    private func finishedOffShape() -> [String: JSONValue] {
        if value.matched >= 0 { leaveShape() }
        value.entry?.shape.take(keysInOrder: value.seldom?.keysInOrder ?? [])
        return value.seldom?.members ?? [:]
    }

    /// Records `count` as the number of elements of the last array built at the current depth.
    private func noteArrayCount(_ count: Int) {
        let depth = path.count
        while arrayCounts.count <= depth { arrayCounts.append(0) }
        arrayCounts[depth] = count
    }

    /// Records `key` as a key of the rows, when not yet recorded.
    private func noteRowKey(_ key: String) {
        if !rowKeys.contains(key) { rowKeys.append(key) }
    }

    // What the containers do.

    /// The keyed container of the value being built, which becomes an object: one following
    /// the shape of the last object of coding keys `Key`, when there is one.
    func keyedContainer<Key: CodingKey>(_ keyType: Key.Type) -> KeyedEncodingContainer<Key> {
        let entry = keptEntry(ObjectIdentifier(keyType)) ?? keep(keyType)
        if value.form != .object {
            value.form = .object
            value.shapeKeys = entry.shape.keys
            value.entry = entry
            value.base = shapedValues.count
            value.matched = value.shapeKeys.isEmpty ? -1 : 0
        }
        return unsafeDowncast(entry.container, to: QueryKeptContainer<KeyedEncodingContainer<Key>>.self).copy()
    }

    /// What is kept for the coding keys `keyType` identifies, if their container was made.
    /// Not generic: a generic function looks the generic types it names up at run time, on
    /// every call.
    private func keptEntry(_ keyType: ObjectIdentifier) -> QueryKeyedEntry? {
        for entry in kept where entry.keyType == keyType { return entry }
        return nil
    }

    /// Makes and keeps the keyed container for coding keys `Key`, with no shape yet.
    @inline(never)
    private func keep<Key: CodingKey>(_ keyType: Key.Type) -> QueryKeyedEntry {
        let container = QueryKeptContainer(KeyedEncodingContainer(QueryKeyedEncoding<Key>(encoder: self)))
        let entry = QueryKeyedEntry(keyType: ObjectIdentifier(keyType), container: container)
        kept.append(entry)
        return entry
    }

    /// The unkeyed container of the value being built, which becomes an array, with room for
    /// as many elements as the last array built at its depth.
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if value.form != .array {
            value.form = .array
            value.elements = []
            if path.count < arrayCounts.count { value.elements.reserveCapacity(arrayCounts[path.count]) }
        }
        return QueryUnkeyedEncoding(encoder: self)
    }

    /// Sets the member `key` of the object being built (a key set twice keeps its last value).
    func setMember(_ member: consuming JSONValue, forKey key: String) {
        if path.isEmpty { noteRowKey(key) }
        let matched = value.matched
        if matched >= 0 {
            if matched < value.shapeKeys.count, value.shapeKeys[matched] == key {
                shapedValues.push(member)
                value.matched = matched + 1
                return
            }
            leaveShape()
        }
        setOffShape(member, forKey: key)
    }

    /// Sets the member `key` of the object being built off its shape.
    private func setOffShape(_ member: JSONValue, forKey key: String) {
        value.withSeldom { seldom in
            if seldom.members.updateValue(member, forKey: key) == nil { seldom.keysInOrder.append(key) }
        }
    }

    /// Goes on building the object off its shape, as a dictionary: the members it has set, in
    /// the order of its shape, then those it sets from now on.
    private func leaveShape() {
        let set = value.shapeKeys.prefix(value.matched)
        var members = [String: JSONValue](minimumCapacity: value.shapeKeys.count + 1)
        shapedValues.moveOff(from: value.base) { take in
            for (offset, key) in set.enumerated() { members[key] = take(offset) }
        }
        value.withSeldom { seldom in
            seldom.members = members
            seldom.keysInOrder = Array(set)
        }
        value.matched = -1
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
        value.withSeldom { $0.nested.append((slot, encoder)) }
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

    /// The parts of a value seldom used: those of an object built off its shape, and the
    /// encoders of its own. Made when first needed, so that a value without them is set aside
    /// and taken up again at little cost.
    struct Seldom {
        /// The members of an object built off its shape.
        var members: [String: JSONValue] = [:]
        /// The keys the object has set off its shape, each once, in the order first set.
        var keysInOrder: [String] = []
        /// The values made by encoders of their own, put in place when the value is done.
        var nested: [(slot: Slot, encoder: QueryRowEncoder)] = []
    }

    var form = Form.nothing
    /// What is kept for the object's coding keys: their container and their shape.
    var entry: QueryKeyedEntry?
    /// The keys of the shape the object follows, in order.
    var shapeKeys: [String] = []
    /// Where the object's values start on the encoder's stack of values set aside.
    var base = 0
    /// How many of `shapeKeys` the object has set, in order, its values set aside; -1 once
    /// it has left its shape (or had none).
    var matched = -1
    var elements: [JSONValue] = []
    var single = JSONValue.null
    var seldom: Seldom?

    /// Runs `body` on the seldom-used parts, made first if there are none yet.
    mutating func withSeldom<Result>(_ body: (inout Seldom) -> Result) -> Result {
        if seldom == nil { seldom = Seldom() }
        return body(&seldom!)
    }
}
