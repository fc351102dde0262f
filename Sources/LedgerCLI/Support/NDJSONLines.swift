import EventLedger

/// Reads NDJSON input: one JSON value per line, blank lines skipped, errors naming the line.
enum NDJSONLines {
    /// Decodes each non-blank line with `decode`; any failure is `.invalidInput` prefixed
    /// with "line N". An input without values is an error too.
    static func parse<Value>(_ bytes: [UInt8], _ decode: (JSONValue) throws -> Value) throws -> [(line: Int, value: Value)] {
        var values: [(line: Int, value: Value)] = []
        for (index, rawLine) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.last == UInt8(ascii: "\r") ? rawLine.dropLast() : rawLine
            guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { continue }
            do {
                let json: JSONValue
                do {
                    json = try JSONValue.parse(line)
                } catch {
                    throw LedgerError(.invalidInput, "malformed JSON: \(error)")
                }
                values.append((index + 1, try decode(json)))
            } catch let error as LedgerError {
                throw error.prefixed("line \(index + 1)")
            }
        }
        guard !values.isEmpty else { throw LedgerError(.invalidInput, "the input holds no events") }
        return values
    }

    /// Runs `body`; an error about one event (`eventIndex`) is prefixed with its line number.
    static func locating<Value, Result>(_ lines: [(line: Int, value: Value)], _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as LedgerError {
            guard let index = error.eventIndex, lines.indices.contains(index) else { throw error }
            throw error.prefixed("line \(lines[index].line)")
        }
    }
}
