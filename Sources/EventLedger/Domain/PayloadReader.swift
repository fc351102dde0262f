/// Reads and validates the fields of an event payload by the catalog's general rules:
/// unknown fields rejected, ids of 1–128 characters from `A–Z a–z 0–9 . _ : -`, names
/// trimmed to 1–200 characters without control characters.
public struct PayloadReader {
    private let payload: [String: JSONValue]

    /// Starts reading `payload`, rejecting any field not in `allowedFields` (the first in
    /// sorted order when there are several). The fields are few: searching a list costs less
    /// than building a set for every event.
    public init(_ payload: [String: JSONValue], allowedFields: [String]) throws {
        var unknown: String?
        for field in payload.keys where !allowedFields.contains(field) {
            if unknown.map({ field < $0 }) ?? true { unknown = field }
        }
        if let unknown { throw LedgerError.unknownField(unknown) }
        self.payload = payload
    }

    /// A required id.
    public func id(_ field: String) throws -> String {
        guard let value = payload[field] else { throw LedgerError.invalidField(field, "missing") }
        return try Self.validID(value, field: field)
    }

    /// An id that may be absent or null.
    public func optionalID(_ field: String) throws -> String? {
        guard let value = payload[field], !value.isNull else { return nil }
        return try Self.validID(value, field: field)
    }

    /// A required name or title, trimmed.
    public func name(_ field: String) throws -> String {
        guard let value = payload[field] else { throw LedgerError.invalidField(field, "missing") }
        guard let text = value.stringValue else {
            throw LedgerError.invalidField(field, "expected a string, got \(value.kindName)")
        }
        return try Self.validName(text, field: field)
    }

    /// `text` trimmed, when it obeys the rules of names: 1–200 characters once trimmed, no
    /// control characters. Otherwise `.invalidInput` naming `field`.
    public static func validName(_ text: String, field: String) throws -> String {
        let trimmed = isTrimmed(text) ? text : Self.trimmed(text)
        guard !trimmed.isEmpty else { throw LedgerError.invalidField(field, "must not be empty") }
        let scalars = Self.scalars(of: trimmed)
        guard scalars.count <= 200 else { throw LedgerError.invalidField(field, "longer than 200 characters") }
        guard !scalars.includeControl else { throw LedgerError.invalidField(field, "contains a control character") }
        return trimmed
    }

    /// A whole number in `range` that may be absent or null.
    public func optionalInteger(_ field: String, in range: ClosedRange<Int64>) throws -> Int64? {
        guard let value = payload[field], !value.isNull else { return nil }
        guard let number = value.int64Value, range.contains(number) else {
            throw LedgerError.invalidField(field, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }

    /// A required string that must be one of `choices`.
    public func choice(_ field: String, from choices: [String]) throws -> String {
        guard let value = payload[field] else { throw LedgerError.invalidField(field, "missing") }
        guard let text = value.stringValue, choices.contains(text) else {
            throw LedgerError.invalidField(field, "must be one of \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// Whether `text` is a valid id: 1–128 characters from `A–Z a–z 0–9 . _ : -`.
    public static func isValidID(_ text: String) -> Bool {
        let utf8 = text.utf8
        return (1...128).contains(utf8.count) && utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: ":"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }

    private static func validID(_ value: JSONValue, field: String) throws -> String {
        guard let text = value.stringValue else {
            throw LedgerError.invalidField(field, "expected an id string, got \(value.kindName)")
        }
        guard isValidID(text) else {
            throw LedgerError.invalidField(field, "ids are 1-128 characters from A-Z a-z 0-9 . _ : -")
        }
        return text
    }

    /// Whether `text` neither starts nor ends with white space (the usual case: nothing to trim).
    private static func isTrimmed(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else { return true }
        return !first.properties.isWhitespace && !last.properties.isWhitespace
    }

    /// The number of Unicode scalars in `text`, and whether one is a control character
    /// (general category Cc: U+0000–U+001F and U+007F–U+009F), read from its UTF-8 bytes.
    private static func scalars(of text: String) -> (count: Int, includeControl: Bool) {
        var (count, includeControl, previous) = (0, false, UInt8(0))
        for byte in text.utf8 {
            if byte & 0xC0 != 0x80 { count += 1 }
            // U+0080–U+009F are encoded as C2 80 – C2 9F.
            if byte < 0x20 || byte == 0x7F || (previous == 0xC2 && byte <= 0x9F) { includeControl = true }
            previous = byte
        }
        return (count, includeControl)
    }

    private static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
