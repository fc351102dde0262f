/// An event appended under an id already in the log: a retry of the event stored under it,
/// which appends nothing and reports where the original is, or else a refused reuse of the id.
extension Appender {
    /// The position of the event the log holds under `id`, nil when it holds none.
    func originalPosition(of id: EventID) throws -> UInt64? {
        guard let value = try txn.get(tables.ids, id.bytes) else { return nil }
        return LedgerTables.readBigEndian(value)
    }

    /// Throws `.invalidInput` unless `pending` is the event stored at `position` under its
    /// id: an id is reused only to retry its event. The same event has the same type,
    /// stream and data (in its current shape); a created entity's id the ledger assigned then
    /// stands for that field left out now; metadata and the expected version are not compared.
    func requireSameEvent(_ pending: PendingEvent, id: EventID, as position: UInt64) throws {
        let stored = try indexedRecord(at: position)
        var retry = pending
        if let field = try catalog.entry(pending.type).createdEntityField, (retry.payload[field] ?? .null) == .null {
            retry.payload[field] = try RecordedEvent(stored).data.objectValue?[field]
        }
        let event = try catalog.prepare(retry).event
        try requireImportedStream(pending, is: event.stream)
        guard stored.type == pending.type, stored.stream == event.stream,
            event.payloadText == (try currentPayloadText(of: stored))
        else { throw LedgerError.idReused(id, namingEventOf: stored.type, in: stored.stream) }
    }

    /// The canonical text of the stored record `stored`'s payload, in its type's current shape.
    private func currentPayloadText(of stored: EventRecordView) throws -> [UInt8] {
        let entry = try catalog.entry(typeBytes: stored.typeBytes)
        let payload = try JSONValue.parse(stored.dataBytes).objectValue ?? [:]
        return try catalog.decode(entry, payload, storedAt: Int(stored.schemaVersion)).payloadText
    }

    /// The record at `position`, where the id index points.
    private func indexedRecord(at position: UInt64) throws -> EventRecordView {
        guard let bytes = try txn.get(tables.log, LedgerTables.bigEndian(position)) else {
            throw LedgerError(.corruption, "id index points to missing position \(position)")
        }
        return try EventRecordView(bytes, position: position)
    }

    /// The result of an append whose every event id was already in the log.
    func retryResult(original: UInt64, positions: EventPositions, assigned: AssignedIDs) throws -> AppendResult {
        let record = try indexedRecord(at: original)
        return AppendResult(
            commit: record.commit, recordedAt: record.recordedAt, positions: positions,
            assignedIDs: assigned, appended: false)
    }
}
