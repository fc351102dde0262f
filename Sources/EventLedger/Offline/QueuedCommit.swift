/// A pending commit's entry in the queue (`PendingQueue`): its number, when it was queued, the
/// stream of each of its events and whether they apply to the replica's state now, stored as a
/// JSON object (`{"queuedAt": MICROSECONDS, "streams": [TEXT], "appliesLocally": BOOL}`).
struct QueuedCommit {
    let id: UInt64
    let queuedAt: Timestamp
    let streams: [String]
    let appliesLocally: Bool

    /// How many events the commit holds.
    var count: Int { streams.count }

    init(id: UInt64, queuedAt: Timestamp, streams: [String], appliesLocally: Bool) {
        (self.id, self.queuedAt, self.streams, self.appliesLocally) = (id, queuedAt, streams, appliesLocally)
    }

    /// The same entry, saying whether its events apply now.
    func applying(_ applies: Bool) -> QueuedCommit {
        QueuedCommit(id: id, queuedAt: queuedAt, streams: streams, appliesLocally: applies)
    }

    /// The entry of pending commit `id` stored as `bytes`.
    init(id: UInt64, bytes: UnsafeRawBufferPointer) throws {
        guard let object = try? JSONValue.parse(bytes).objectValue, let queuedAt = object["queuedAt"]?.int64Value,
            let streams = object["streams"]?.arrayValue?.compactMap(\.stringValue), !streams.isEmpty,
            case .bool(let applies)? = object["appliesLocally"]
        else { throw LedgerError(.corruption, "pending commit \(id) is unreadable", subject: String(id)) }
        self.init(id: id, queuedAt: Timestamp(microseconds: queuedAt), streams: streams, appliesLocally: applies)
    }

    /// The stored form.
    var encoded: [UInt8] {
        JSONValue.object([
            "queuedAt": .int(queuedAt.microseconds), "streams": .array(streams.map { .string($0) }),
            "appliesLocally": .bool(appliesLocally),
        ]).serialized()
    }
}
