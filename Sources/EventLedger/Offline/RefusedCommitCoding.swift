/// How a refused commit is stored in the queue (`PendingQueue`): a JSON object of its number,
/// times, events (as staged events are stored, `StagedEventCoding`), their streams and the
/// primary's reason (`{"id", "queuedAt", "refusedAt", "events": [...], "streams": [...],
/// "reason": {"kind", "message", "rule"?, "subject"?}}`).
enum RefusedCommitCoding {
    /// The stored form of `refused`.
    static func encoded(_ refused: RefusedCommit) -> [UInt8] {
        var reason: [String: JSONValue] = ["kind": .string(refused.reason.kind.rawValue), "message": .string(refused.reason.message)]
        if let rule = refused.reason.rule { reason["rule"] = .string(rule) }
        if let subject = refused.reason.subject { reason["subject"] = .string(subject) }
        return JSONValue.object([
            "id": .int(Int64(refused.id)),
            "queuedAt": .int(refused.queuedAt.microseconds),
            "refusedAt": .int(refused.refusedAt.microseconds),
            "events": .array(refused.events.map(StagedEventCoding.encoded)),
            "streams": .array(refused.streams.map { .string($0) }),
            "reason": .object(reason),
        ]).serialized()
    }

    /// The refused commit stored as `bytes`.
    static func decode(_ bytes: UnsafeRawBufferPointer) throws -> RefusedCommit {
        guard let object = try? JSONValue.parse(bytes).objectValue, let id = object["id"]?.int64Value, id > 0,
            let queuedAt = object["queuedAt"]?.int64Value, let refusedAt = object["refusedAt"]?.int64Value,
            let events = object["events"]?.arrayValue, let streams = object["streams"]?.arrayValue?.compactMap(\.stringValue),
            streams.count == events.count, let reason = object["reason"]?.objectValue,
            let kind = reason["kind"]?.stringValue.flatMap(LedgerError.Kind.init(rawValue:)),
            let message = reason["message"]?.stringValue
        else { throw LedgerError(.corruption, "a refused commit is unreadable") }
        return RefusedCommit(
            id: UInt64(id), queuedAt: Timestamp(microseconds: queuedAt), refusedAt: Timestamp(microseconds: refusedAt),
            events: try events.map { try StagedEventCoding.decode($0, session: PendingQueue.recordID) }, streams: streams,
            reason: LedgerError(kind, message, rule: reason["rule"]?.stringValue, subject: reason["subject"]?.stringValue))
    }
}
