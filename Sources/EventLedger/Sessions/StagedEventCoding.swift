/// How a staged event is stored: a JSON object of its type, payload, id and metadata
/// (`{"type", "data", "id", "metadata"}`, the id empty when it has none), and the version its
/// stream is expected at (`"expect"`, as `--expect` takes it), left out when it is `any`.
enum StagedEventCoding {
    /// The stored form of `event`.
    static func encoded(_ event: PendingEvent) -> JSONValue {
        var object: [String: JSONValue] = [
            "type": .string(event.type),
            "data": .object(event.payload),
            "id": .string(event.id?.description ?? ""),
            "metadata": .object(event.metadata.mapValues { .string($0) }),
        ]
        if event.expect != .any { object["expect"] = .string(event.expect.description) }
        return .object(object)
    }

    /// The staged event `value` holds, a staged event of session `id`.
    static func decode(_ value: JSONValue, session id: String) throws -> PendingEvent {
        guard let event = value.objectValue, let type = event["type"]?.stringValue,
            let data = event["data"]?.objectValue, let eventID = event["id"]?.stringValue,
            let metadata = event["metadata"]?.objectValue
        else { throw LedgerError(.corruption, "session \(id) holds an unreadable event") }
        guard let expect = event["expect"].map({ $0.stringValue.flatMap(ExpectedVersion.init) }) ?? .any else {
            throw LedgerError(.corruption, "session \(id) holds an event with an unreadable expected version")
        }
        return PendingEvent(
            type: type, payload: data, id: EventID(eventID), expect: expect, metadata: metadata.compactMapValues(\.stringValue))
    }
}
