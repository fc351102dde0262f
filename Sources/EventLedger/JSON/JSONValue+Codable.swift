extension JSONValue: Codable {
    /// A coding key of any name, for the members of an object.
    private struct MemberKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Decodes whatever JSON value the decoder holds: an object, an array or a scalar.
    public init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: MemberKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !array.isAtEnd { elements.append(try array.decode(JSONValue.self)) }
            self = .array(elements)
        } else {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                self = .null
            } else if let flag = try? single.decode(Bool.self) {
                self = .bool(flag)
            } else if let whole = try? single.decode(Int64.self) {
                self = .int(whole)
            } else if let number = try? single.decode(Double.self) {
                self = .double(number)
            } else {
                self = .string(try single.decode(String.self))
            }
        }
    }

    /// Encodes the value as the JSON it is.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .object(let members):
            var object = encoder.container(keyedBy: MemberKey.self)
            for (key, value) in members { try object.encode(value, forKey: MemberKey(stringValue: key)) }
        case .array(let elements):
            var array = encoder.unkeyedContainer()
            for element in elements { try array.encode(element) }
        case .null, .bool, .int, .double, .string:
            var single = encoder.singleValueContainer()
            switch self {
            case .bool(let flag): try single.encode(flag)
            case .int(let whole): try single.encode(whole)
            case .double(let number): try single.encode(number)
            case .string(let text): try single.encode(text)
            default: try single.encodeNil()
            }
        }
    }
}
