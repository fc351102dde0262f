/// What a replica does with a write while its primary cannot be reached.
public enum WhenUnreachable: String, Sendable {
    /// The write fails (`primary unreachable: …`, `.storage`) and changes nothing.
    case fail
    /// The write is checked against the replica's state and queued as a pending commit, sent
    /// by the next sync (see `PendingCommit`).
    case queue
}
