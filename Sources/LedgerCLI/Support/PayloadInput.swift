import EventLedger

/// The JSON payload of an event given on the command line, or on standard input when absent.
enum PayloadInput {
    /// Parses the payload; it must be a JSON object.
    static func object(_ text: String?, command: String) throws -> [String: JSONValue] {
        let bytes: [UInt8]
        if let text {
            bytes = Array(text.utf8)
        } else {
            guard !standardInputIsTerminal else { throw UsageError("missing argument JSON", command: command) }
            bytes = try readInput("-")
        }
        let value: JSONValue
        do {
            value = try JSONValue.parse(bytes)
        } catch {
            throw LedgerError(.invalidInput, "malformed JSON payload: \(error)")
        }
        guard let object = value.objectValue else {
            throw LedgerError(.invalidInput, "the payload must be a JSON object, got \(value.kindName)")
        }
        return object
    }
}
