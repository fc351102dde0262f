/// An event as stored in the log, with everything its interchange envelope carries.
public struct RecordedEvent: Sendable, Equatable {
    /// Global, gapless position in the log (1, 2, 3 …).
    public let position: UInt64
    /// The commit that appended it.
    public let commit: UInt64
    /// The commit's time.
    public let recordedAt: Timestamp
    /// The event's id.
    public let id: EventID
    /// The stream it belongs to, e.g. `artist-pink-floyd`.
    public let stream: String
    /// Its version within the stream (1, 2, 3 …).
    public let version: UInt64
    /// The event type name, e.g. `ArtistCreated`.
    public let type: String
    /// The payload schema version.
    public let schemaVersion: Int
    /// The payload.
    public let data: JSONValue
    /// Free-form string metadata given at append time.
    public let metadata: [String: String]
    /// The chained SHA-256 hash of the record, lowercase hex.
    public let hash: String

    init(_ view: EventRecordView) throws {
        position = view.position
        commit = view.commit
        recordedAt = view.recordedAt
        id = view.id
        stream = view.stream
        version = view.version
        type = view.type
        schemaVersion = Int(view.schemaVersion)
        do {
            data = try JSONValue.parse(view.dataBytes)
            metadata = try Self.decodeMetadata(view.metadataBytes)
        } catch {
            throw LedgerError(.corruption, "event at position \(view.position) has an unreadable payload: \(error)")
        }
        hash = hexString(view.hash)
    }

    private static func decodeMetadata(_ bytes: UnsafeRawBufferPointer) throws -> [String: String] {
        guard !bytes.isEmpty else { return [:] }
        guard let object = try JSONValue.parse(bytes).objectValue else {
            throw LedgerError(.corruption, "metadata is not an object")
        }
        return object.compactMapValues(\.stringValue)
    }

    /// The interchange envelope: position, commit, recordedAt, id, stream, version, type,
    /// schemaVersion, data, metadata and hash, as `ledger export` writes it.
    public var envelope: JSONValue {
        .object([
            "position": .int(Int64(position)),
            "commit": .int(Int64(commit)),
            "recordedAt": .string(recordedAt.description),
            "id": .string(id.description),
            "stream": .string(stream),
            "version": .int(Int64(version)),
            "type": .string(type),
            "schemaVersion": .int(Int64(schemaVersion)),
            "data": data,
            "metadata": .object(metadata.mapValues { .string($0) }),
            "hash": .string(hash),
        ])
    }
}
