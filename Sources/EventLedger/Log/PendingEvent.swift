/// The version a stream is expected to be at when an event is appended to it.
public enum ExpectedVersion: Sendable, Equatable, CustomStringConvertible {
    /// No check.
    case any
    /// The stream must not exist yet.
    case noStream
    /// The stream must be at exactly this version (0 means it must not exist).
    case exactly(UInt64)

    /// Parses `N`, `none` or `any`, as given to `--expect`; nil when malformed.
    public init?(_ text: String) {
        switch text {
        case "any": self = .any
        case "none": self = .noStream
        default:
            guard let number = UInt64(text), text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            self = .exactly(number)
        }
    }

    /// Whether a stream at `version` satisfies the expectation.
    func matches(_ version: UInt64) -> Bool {
        switch self {
        case .any: return true
        case .noStream: return version == 0
        case .exactly(let expected): return version == expected
        }
    }

    /// `any`, `none` or the number.
    public var description: String {
        switch self {
        case .any: return "any"
        case .noStream: return "none"
        case .exactly(let version): return String(version)
        }
    }
}

/// An event waiting to be appended: its type and payload, and the optional id,
/// expected stream version and metadata of the append.
public struct PendingEvent: Sendable {
    /// The event type name.
    public var type: String
    /// The payload, validated by the event type when appended. Setting it replaces the typed
    /// event this was made of, if any.
    public var payload: [String: JSONValue] {
        get { typedEvent.map { (try? $0.payload) ?? [:] } ?? givenPayload }
        set {
            givenPayload = newValue
            typedEvent = nil
        }
    }
    private var givenPayload: [String: JSONValue]
    /// The typed event this was made of, until its payload is set: appended as it is, without
    /// encoding it into a payload to decode again.
    private(set) var typedEvent: (any DomainEvent)?
    /// The event id; a retry of the same event (type, stream and data) under it appends
    /// nothing, another event under it is `.invalidInput`. Nil: the ledger assigns one.
    public var id: EventID?
    /// The version the event's stream must be at.
    public var expect: ExpectedVersion
    /// Free-form string metadata stored with the event.
    public var metadata: [String: String]
    /// The schema version the payload is written in, kept in the log with it (an import keeps
    /// the exported one); nil: the type's current version.
    public var schemaVersion: Int?
    /// The stream an imported event's envelope names: the append refuses the event
    /// (`.invalidInput`, naming the field `stream`) when its payload belongs to another.
    var importedStream: String?
    /// Why an imported event cannot be appended as it reads (an `undoes` naming a commit
    /// not known here): thrown when the event is appended, not when it is skipped as
    /// already in the log.
    var importRefusal: LedgerError?

    /// An event given by type name and JSON payload (as the CLI and imports give them).
    public init(
        type: String, payload: [String: JSONValue], id: EventID? = nil,
        expect: ExpectedVersion = .any, metadata: [String: String] = [:], schemaVersion: Int? = nil
    ) {
        (self.type, self.schemaVersion, givenPayload) = (type, schemaVersion, payload)
        (self.id, self.expect, self.metadata) = (id, expect, metadata)
    }

    /// A typed domain event. One whose fields cannot be encoded as a payload (a whole number
    /// beyond 64-bit signed ones, say) is refused when appended, `.invalidInput`.
    public init<Event: DomainEvent>(
        _ event: Event, id: EventID? = nil, expect: ExpectedVersion = .any,
        metadata: [String: String] = [:]
    ) {
        self.init(type: Event.typeName, payload: [:], id: id, expect: expect, metadata: metadata)
        typedEvent = event
    }

    /// The payload to decode when appending: the typed event's, when this was made of one
    /// whose fields cannot be encoded as a payload, throws why.
    func payloadToAppend() throws(LedgerError) -> [String: JSONValue] {
        guard let typedEvent else { return givenPayload }
        return try typedEvent.payload
    }
}

/// What an append did.
public struct AppendResult: Sendable, Equatable {
    /// The commit holding the events (for a retry that appended nothing, the original commit).
    public let commit: UInt64
    /// The commit's time.
    public let recordedAt: Timestamp
    /// The position of each event, in the order given; a re-appended id reports its original position.
    public let positions: EventPositions
    /// For each event, the ids the ledger assigned to fields left out (field name → id).
    public let assignedIDs: AssignedIDs
    /// Whether anything was appended (false when every event id was already in the log).
    public let appended: Bool
    /// The number of the pending commit the events were queued as, when the primary could
    /// not be reached (`WhenUnreachable.queue`): they have no commit or positions yet (0 and
    /// none), and the next sync sends them.
    public var pendingCommit: UInt64? = nil
}
