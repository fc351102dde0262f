/// A JSON document held in memory.
///
/// Numbers keep the distinction the text made: a literal without fraction or
/// exponent that fits in `Int64` is `.int`, every other number is `.double`.
/// Object member order is not kept; serialization sorts keys by their UTF-8 bytes.
public enum JSONValue: Sendable, Hashable {
    /// The literal `null`.
    case null
    /// The literals `true` and `false`.
    case bool(Bool)
    /// An integer literal (no fraction, no exponent) within the range of `Int64`; `-0` reads as `0`.
    case int(Int64)
    /// Any other number: with a fraction or an exponent, or an integer outside `Int64`.
    case double(Double)
    /// A string, with escapes decoded.
    case string(String)
    /// An array of values, in order.
    case array([JSONValue])
    /// An object; keys are unique.
    case object([String: JSONValue])
}

/// The reason a JSON text was rejected, and where.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The byte offset in the input where the problem was found.
    ///
    /// For an unterminated string this is the offset of its opening quote, for a
    /// duplicate key the offset of the second occurrence's opening quote, and for
    /// invalid UTF-8 the offset of the first byte of the bad sequence.
    public var offset: Int
    /// A short human-readable explanation, such as `unexpected end of input`.
    public var message: String

    /// The message followed by the offset: `"<message> at byte <offset>"`.
    public var description: String { "\(message) at byte \(offset)" }

    init(_ message: String, at offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// An error for a byte that cannot start or continue the value: printable
    /// ASCII is quoted as a character, anything else shown in hex.
    init(unexpected byte: UInt8, at offset: Int) {
        if (0x20...0x7E).contains(byte) {
            self.init("unexpected character '\(Character(Unicode.Scalar(byte)))'", at: offset)
        } else {
            self.init("unexpected byte \(Self.hex(byte))", at: offset)
        }
    }

    /// A byte as `0xNN`.
    static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return byte < 0x10 ? "0x0" + digits : "0x" + digits
    }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects the parser accepts.
    public static let maximumDepth = 64

    /// The payload of `.string`, otherwise `nil`.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The payload of `.int`, otherwise `nil` (a `.double` is never converted).
    public var int64Value: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The members of `.object`, otherwise `nil`.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The elements of `.array`, otherwise `nil`.
    public var arrayValue: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// Whether this is `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The name of the value's kind for error messages: `"null"`, `"boolean"`,
    /// `"integer"`, `"number"`, `"string"`, `"array"` or `"object"`.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .double: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
