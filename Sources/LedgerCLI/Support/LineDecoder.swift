import EventLedger

/// How the bytes of one NDJSON line become a value: parsed as strict JSON, then decoded. A
/// line that does not parse is `.invalidInput`, "malformed JSON: …".
struct LineDecoder<Value> {
    /// Decodes the bytes of one non-blank line (its line break not included).
    let decode: (UnsafeRawBufferPointer) throws -> Value
    /// About how many bytes a line takes at least, when lines are long enough that the
    /// input's size says more cheaply than counting lines how many values it holds.
    var leastBytesPerLine: Int?

    /// Lines whose JSON value `decode` reads.
    static func value(_ decode: @escaping (JSONValue) throws -> Value) -> Self {
        Self(decode: { bytes in try decode(try parsed { () throws(JSONParseError) in try JSONValue.parse(bytes) }) })
    }

    /// Lines holding an object, whose members `decode` reads in the order written (nil for a
    /// line holding another value): no dictionary is made for the line itself. Lines of at
    /// least `leastBytesPerLine` are counted from the input's size.
    static func members(
        _ decode: @escaping ([(key: String, value: JSONValue)]?) throws -> Value, leastBytesPerLine: Int? = nil
    ) -> Self {
        Self(
            decode: { bytes in try decode(try parsed { () throws(JSONParseError) in try JSONValue.parseMembers(bytes) }) },
            leastBytesPerLine: leastBytesPerLine)
    }

    private static func parsed<Parsed>(_ parse: () throws(JSONParseError) -> Parsed) throws(LedgerError) -> Parsed {
        do {
            return try parse()
        } catch {
            throw LedgerError(.invalidInput, "malformed JSON: \(error)")
        }
    }
}
