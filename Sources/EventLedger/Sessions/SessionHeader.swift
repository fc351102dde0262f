/// A form session's header, stored under its id: the name given at `begin` and when it began,
/// as a JSON object (`{"createdAt": MICROSECONDS, "name": TEXT}`, the name left out when none).
struct SessionHeader {
    let name: String?
    let createdAt: Timestamp

    init(name: String?, createdAt: Timestamp) {
        self.name = name
        self.createdAt = createdAt
    }

    /// The header stored as `object` for session `id`.
    init(id: String, object: [String: JSONValue]) throws {
        guard let created = object["createdAt"]?.int64Value else { throw Self.unreadable(id) }
        name = object["name"]?.stringValue
        createdAt = Timestamp(microseconds: created)
    }

    /// The stored form.
    var encoded: [UInt8] {
        var object: [String: JSONValue] = ["createdAt": .int(createdAt.microseconds)]
        if let name { object["name"] = .string(name) }
        return JSONValue.object(object).serialized()
    }

    /// The JSON object stored as the header of session `id`.
    static func object(id: String, bytes: UnsafeRawBufferPointer) throws -> [String: JSONValue] {
        guard let object = try? JSONValue.parse(bytes).objectValue else { throw unreadable(id) }
        return object
    }

    /// The error of a session whose entries cannot be read.
    static func unreadable(_ id: String) -> LedgerError {
        LedgerError(.corruption, "session \(id) is unreadable")
    }
}
