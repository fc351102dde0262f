import EventLedger

/// Reads the `--batch` NDJSON format: one `{"type","data","id"?,"expect"?,"metadata"?}` per line.
enum BatchFile {
    /// How a line of the file becomes an event.
    static var lines: LineDecoder<PendingEvent> { .members(pendingEvent) }

    /// The fields a line may have.
    private static let fields = ["type", "data", "id", "expect", "metadata"]

    private static func pendingEvent(_ members: [(key: String, value: JSONValue)]?) throws -> PendingEvent {
        guard let members else { throw LedgerError(.invalidInput, "expected a JSON object") }
        if let unknown = members.map(\.key).filter({ !fields.contains($0) }).min() { throw LedgerError.unknownField(unknown) }
        func value(_ field: String) -> JSONValue? {
            members.first { $0.key == field }?.value
        }
        guard let type = value("type")?.stringValue else { throw LedgerError.invalidField("type", "missing or not a string") }
        guard let data = value("data")?.objectValue else { throw LedgerError.invalidField("data", "missing or not an object") }
        var event = PendingEvent(type: type, payload: data)
        if let id = value("id") {
            guard let text = id.stringValue, let parsed = EventID(text) else { throw LedgerError.invalidField("id", "not a UUID") }
            event.id = parsed
        }
        if let expect = value("expect") {
            event.expect = try expectedVersion(expect)
        }
        if let metadata = value("metadata") {
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
