/// A pending commit's entry in the queue (`PendingQueue`): its number, when it was queued, how
/// many events it holds and whether they apply to the replica's state now, stored as a JSON
/// object (`{"queuedAt": MICROSECONDS, "count": N, "appliesLocally": BOOL}`).
struct QueuedCommit {
    let id: UInt64
    let queuedAt: Timestamp
    let count: Int
    let appliesLocally: Bool

    init(id: UInt64, queuedAt: Timestamp, count: Int, appliesLocally: Bool) {
        (self.id, self.queuedAt, self.count, self.appliesLocally) = (id, queuedAt, count, appliesLocally)
    }

    /// The entry of pending commit `id` stored as `bytes`.
    init(id: UInt64, bytes: UnsafeRawBufferPointer) throws {
        guard let object = try? JSONValue.parse(bytes).objectValue, let queuedAt = object["queuedAt"]?.int64Value,
            let count = object["count"]?.int64Value, count > 0, case .bool(let applies)? = object["appliesLocally"]
        else { throw LedgerError(.corruption, "pending commit \(id) is unreadable", subject: String(id)) }
        self.init(id: id, queuedAt: Timestamp(microseconds: queuedAt), count: Int(count), appliesLocally: applies)
    }

    /// The stored form.
    var encoded: [UInt8] {
        JSONValue.object([
            "queuedAt": .int(queuedAt.microseconds), "count": .int(Int64(count)), "appliesLocally": .bool(appliesLocally),
        ]).serialized()
    }
}
