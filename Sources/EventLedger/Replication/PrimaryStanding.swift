/// Where the primary's log stands for one replica, read under the primary's lock before the
/// replica catches up or writes: whether the primary still holds the replica's last event,
/// how far its log goes, and its clock, which stamps the commits written through it.
public struct PrimaryStanding: Sendable {
    /// The hash (lowercase hex) of the primary's event at the replica's last position; nil
    /// when the primary's log ends before that position.
    public let hash: String?
    /// The primary's last position (0 when it holds no event).
    public let lastPosition: UInt64
    /// The primary's clock when it answered.
    public let clock: Timestamp

    /// The standing a primary answered: `hash` at the replica's last position (nil when it
    /// holds no such position), its `lastPosition` and its `clock`.
    public init(hash: String?, lastPosition: UInt64, clock: Timestamp) {
        self.hash = hash
        self.lastPosition = lastPosition
        self.clock = clock
    }

    /// Throws unless the primary still holds `head`, the last event of the replica at `path`,
    /// with the same hash: a primary that lost commits the replica holds (restored from a
    /// backup, failed over to a standby that lagged, rows deleted) is `.storage` naming the
    /// positions it lacks, and one holding another event there is `.corruption`. Either way
    /// nothing may be written on top of it, on either side.
    func requireHolds(_ head: LogHead, replica path: String) throws {
        guard head.position > 0 else { return }
        guard let hash else {
            let missing = lastPosition + 1 == head.position ? "position \(head.position)" : "positions \(lastPosition + 1)–\(head.position)"
            throw LedgerError(
                .storage,
                """
                the primary lacks \(missing), which \(path) holds: it lost commits (restored from a backup, or failed \
                over to a standby that lagged?). Nothing was changed. A replica that holds them can give them back \
                (push --restore)
                """, subject: "position \(lastPosition + 1)")
        }
        guard hash == hexString(head.hash) else {
            throw LedgerError(
                .corruption,
                "\(path) diverged from its primary at or before position \(head.position): the primary holds "
                    + "another event there. Nothing was changed", subject: "position \(head.position)")
        }
    }
}
