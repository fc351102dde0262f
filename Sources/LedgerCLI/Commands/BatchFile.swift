import EventLedger

/// Reads the `--batch` NDJSON format: one `{"type","data","id"?,"expect"?,"metadata"?}` per line.
enum BatchFile {
    /// The events of the file and, for each, its line number (blank lines are skipped).
    static func parse(_ bytes: [UInt8]) throws -> [(line: Int, value: PendingEvent)] {
        try NDJSONLines.parse(bytes, pendingEvent)
    }

    private static func pendingEvent(_ value: JSONValue) throws -> PendingEvent {
        guard let object = value.objectValue else { throw LedgerError(.invalidInput, "expected a JSON object") }
        for key in object.keys.sorted() where !["type", "data", "id", "expect", "metadata"].contains(key) {
            throw LedgerError.unknownField(key)
        }
        guard let type = object["type"]?.stringValue else { throw LedgerError.invalidField("type", "missing or not a string") }
        guard let data = object["data"]?.objectValue else { throw LedgerError.invalidField("data", "missing or not an object") }
        var event = PendingEvent(type: type, payload: data)
        if let id = object["id"] {
            guard let text = id.stringValue, let parsed = EventID(text) else { throw LedgerError.invalidField("id", "not a UUID") }
            event.id = parsed
        }
        if let expect = object["expect"] {
            event.expect = try expectedVersion(expect)
        }
        if let metadata = object["metadata"] {
            event.metadata = try stringMap(metadata)
        }
        return event
    }

    private static func expectedVersion(_ value: JSONValue) throws -> ExpectedVersion {
        switch value {
        case .int(let number) where number >= 0: return .exactly(UInt64(number))
        case .string(let text): if let parsed = ExpectedVersion(text) { return parsed }
        default: break
        }
        throw LedgerError.invalidField("expect", "expected a version number, \"none\" or \"any\"")
    }

    private static func stringMap(_ value: JSONValue) throws -> [String: String] {
        guard let object = value.objectValue else { throw LedgerError.invalidField("metadata", "not an object") }
        return try object.mapValues { entry in
            guard let text = entry.stringValue else { throw LedgerError.invalidField("metadata", "values must be strings") }
            return text
        }
    }
}
