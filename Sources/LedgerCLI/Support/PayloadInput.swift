import EventLedger

/// The JSON payload of an event given on the command line, or on standard input when absent.
enum PayloadInput {
    /// The most bytes a payload may hold: 1 MiB.
    static let largestPayload = 1 << 20

    /// Parses the payload; it must be a JSON object of at most `largestPayload` bytes (one on
    /// standard input is refused as soon as the reading passes the limit).
    static func object(_ text: String?, command: String) throws -> [String: JSONValue] {
        let bytes: [UInt8]
        if let text {
            bytes = Array(text.utf8)
        } else {
            guard !standardInputIsTerminal else { throw UsageError("missing argument JSON", command: command) }
            bytes = try readInput("-") { read, _ in try checkSize(read.count) }
        }
        try checkSize(bytes.count)
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

    /// Refuses a payload of `count` bytes when it passes `largestPayload`.
    private static func checkSize(_ count: Int) throws {
        guard count > largestPayload else { return }
        throw LedgerError(.invalidInput, "the payload is larger than 1 MiB (\(largestPayload) bytes), the most a payload may hold")
    }
}
