/// A form session as stored in the `sessions` table (outside the log): its staged events
/// and the version each touched stream had when the session first touched it.
struct SessionRecord {
    let id: String
    let name: String?
    let createdAt: Timestamp
    var events: [PendingEvent]
    var pins: [String: UInt64]

    /// The stored form: canonical JSON.
    var encoded: [UInt8] {
        var object: [String: JSONValue] = [
            "createdAt": .int(createdAt.microseconds),
            "events": .array(
                events.map { event in
                    .object([
                        "type": .string(event.type),
                        "data": .object(event.payload),
                        "id": .string(event.id?.description ?? ""),
                        "metadata": .object(event.metadata.mapValues { .string($0) }),
                    ])
                }),
            "pins": .object(pins.mapValues { .int(Int64($0)) }),
        ]
        if let name { object["name"] = .string(name) }
        return JSONValue.object(object).serialized()
    }

    init(id: String, name: String?, createdAt: Timestamp) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        events = []
        pins = [:]
    }

    /// Decodes a stored session.
    init(id: String, bytes: UnsafeRawBufferPointer) throws {
        guard let object = try? JSONValue.parse(bytes).objectValue,
            let created = object["createdAt"]?.int64Value,
            let events = object["events"]?.arrayValue,
            let pins = object["pins"]?.objectValue
        else { throw LedgerError(.corruption, "session \(id) is unreadable") }
        self.id = id
        name = object["name"]?.stringValue
        createdAt = Timestamp(microseconds: created)
        self.events = try events.map { value in
            guard let event = value.objectValue, let type = event["type"]?.stringValue,
                let data = event["data"]?.objectValue, let eventID = event["id"]?.stringValue,
                let metadata = event["metadata"]?.objectValue
            else { throw LedgerError(.corruption, "session \(id) holds an unreadable event") }
            return PendingEvent(
                type: type, payload: data, id: EventID(eventID),
                metadata: metadata.compactMapValues(\.stringValue))
        }
        self.pins = pins.compactMapValues { $0.int64Value.map(UInt64.init) }
    }
}
