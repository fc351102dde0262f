/// One event as the primary holds it: what a replica appends to catch up, and where it must
/// land (position, commit, time and hash), so that every replica's log is the primary's.
public struct PrimaryEvent: Sendable {
    /// Its position in the log.
    public let position: UInt64
    /// The commit it belongs to.
    public let commit: UInt64
    /// Its commit's time.
    public let recordedAt: Timestamp
    /// Its chained hash, lowercase hex.
    public let hash: String
    /// Type, payload, id, metadata and schema version, to append as they were.
    public let pending: PendingEvent

    /// The event at `position` of `commit`, recorded at `recordedAt` with `hash`, holding `pending`.
    public init(position: UInt64, commit: UInt64, recordedAt: Timestamp, hash: String, pending: PendingEvent) {
        self.position = position
        self.commit = commit
        self.recordedAt = recordedAt
        self.hash = hash
        self.pending = pending
    }
}
