/// An event read from another ledger's export (an interchange envelope): what an import keeps of it.
public struct ImportedEvent: Sendable {
    /// The event's id, kept: re-importing it appends nothing.
    public let id: EventID
    /// The event type.
    public let type: String
    /// The schema version of the payload, kept: the ledger upcasts it when read.
    public let schemaVersion: Int
    /// The payload.
    public let payload: [String: JSONValue]
    /// The metadata.
    public let metadata: [String: String]
    /// The stream the envelope names; it must match the stream the payload derives.
    public let stream: String
    /// The commit it belonged to in its ledger; consecutive events of one commit stay one commit.
    public let sourceCommit: UInt64
    /// When its commit was recorded in its ledger; kept (never earlier than this ledger's last
    /// commit). An import refuses a time more than `maximumClockSkew` ahead of the clock.
    public let recordedAt: Timestamp
    /// Its position in its ledger, which its hash covers.
    public let sourcePosition: UInt64
    /// Its stream version in its ledger, which its hash covers.
    public let sourceVersion: UInt64
    /// The hash the envelope carries, as written (checked by an import unless it rehashes).
    public let sourceHash: String

    /// How far ahead of this machine's clock an imported commit time may be, in
    /// microseconds (5 minutes): clocks of syncing devices drift a little, but a time
    /// further ahead would stamp every later commit, which is never earlier than it.
    public static let maximumClockSkew: Int64 = 5 * 60 * 1_000_000

    /// The envelope's fields, in the order their problems are named.
    private static let fields = [
        "commit", "data", "hash", "id", "metadata", "position", "recordedAt", "schemaVersion",
        "stream", "type", "version",
    ]

    /// Reads an envelope, rejecting unknown, missing and mistyped fields (`.invalidInput`).
    public init(envelope: JSONValue) throws(LedgerError) {
        guard let object = envelope.objectValue else { throw LedgerError(.invalidInput, "an envelope must be a JSON object") }
        try self.init(members: object.map { $0 })
    }

    /// Reads an envelope from its members (`JSONValue.parseMembers`; nil when the text held
    /// another value than an object), as `init(envelope:)` does, without a dictionary made
    /// for the envelope.
    public init(members: [(key: String, value: JSONValue)]?) throws(LedgerError) {
        guard let members else { throw LedgerError(.invalidInput, "an envelope must be a JSON object") }
        if let unknown = members.map(\.key).filter({ !Self.fields.contains($0) }).min() { throw LedgerError.unknownField(unknown) }
        func member(_ field: String) -> JSONValue? {
            members.first { $0.key == field }?.value
        }
        if let missing = Self.fields.first(where: { member($0) == nil }) { throw LedgerError.invalidField(missing, "missing") }
        func value(_ field: String) -> JSONValue {
            member(field)!
        }
        func number(_ field: String) throws(LedgerError) -> UInt64 {
            guard let number = value(field).int64Value, number >= 1 else { throw LedgerError.invalidField(field, "expected a whole number ≥ 1") }
            return UInt64(number)
        }
        func text(_ field: String) throws(LedgerError) -> String {
            guard let text = value(field).stringValue else { throw LedgerError.invalidField(field, "expected a string") }
            return text
        }
        guard let schemaVersion = value("schemaVersion").int64Value, (1...Int64(UInt16.max)).contains(schemaVersion) else {
            throw LedgerError.invalidField("schemaVersion", "expected a whole number from 1 to \(UInt16.max)")
        }
        guard let id = EventID(try text("id")) else { throw LedgerError.invalidField("id", "not a UUID") }
        guard let recordedAt = Timestamp(iso8601: try text("recordedAt")) else {
            throw LedgerError.invalidField("recordedAt", "not an ISO-8601 time")
        }
        guard let payload = value("data").objectValue else { throw LedgerError.invalidField("data", "expected an object") }
        guard let metadata = value("metadata").objectValue else { throw LedgerError.invalidField("metadata", "expected an object") }
        self.id = id
        type = try text("type")
        self.schemaVersion = Int(schemaVersion)
        self.payload = payload
        var texts: [String: String] = [:]
        for (key, value) in metadata {
            guard let string = value.stringValue else { throw LedgerError.invalidField("metadata", "values must be strings") }
            texts[key] = string
        }
        self.metadata = texts
        stream = try text("stream")
        sourceCommit = try number("commit")
        self.recordedAt = recordedAt
        sourcePosition = try number("position")
        sourceVersion = try number("version")
        sourceHash = try text("hash")
    }
}
