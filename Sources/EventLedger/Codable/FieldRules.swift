/// The ledger's rules for ids and names, which the `ID`, `OptionalID` and `Name` fields of
/// events apply: ids are 1–128 characters from `A–Z a–z 0–9 . _ : -`; names are trimmed of
/// white space at both ends, then 1–200 characters without control characters.
public enum FieldRules {
    /// `text` trimmed, when it obeys the rules of names: 1–200 characters once trimmed, no
    /// control characters. Otherwise `.invalidInput` naming `field` (worked out only then).
    public static func validName(_ text: String, field: @autoclosure () -> String) throws(LedgerError) -> String {
        let trimmed = isTrimmed(text) ? text : Self.trimmed(text)
        guard !trimmed.isEmpty else { throw LedgerError.invalidField(field(), "must not be empty") }
        let scalars = Self.scalars(of: trimmed)
        guard scalars.count <= 200 else { throw LedgerError.invalidField(field(), "longer than 200 characters") }
        guard !scalars.includeControl else { throw LedgerError.invalidField(field(), "contains a control character") }
        return trimmed
    }

    /// `value` when it lies in `range`, otherwise `.invalidInput` naming `field`: for the
    /// checks an event's `validate()` makes.
    public static func require<Number: BinaryInteger>(_ value: Number, in range: ClosedRange<Number>, field: String) throws(LedgerError) {
        guard range.contains(value) else {
            throw LedgerError.invalidField(field, "expected a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// `value`, when there is one, lies in `range`; otherwise `.invalidInput` naming `field`.
    public static func require<Number: BinaryInteger>(_ value: Number?, in range: ClosedRange<Number>, field: String) throws(LedgerError) {
        if let value { try require(value, in: range, field: field) }
    }

    /// Whether `text` is a valid id: 1–128 characters from `A–Z a–z 0–9 . _ : -`.
    public static func isValidID(_ text: String) -> Bool {
        let utf8 = text.utf8
        return (1...128).contains(utf8.count)
            && utf8.allSatisfy { byte in
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

    /// `text` when it is a valid id, otherwise `.invalidInput` naming `field` (worked out only then).
    public static func validID(_ text: String, field: @autoclosure () -> String) throws(LedgerError) -> String {
        guard isValidID(text) else {
            throw LedgerError.invalidField(field(), "ids are 1-128 characters from A-Z a-z 0-9 . _ : -")
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
