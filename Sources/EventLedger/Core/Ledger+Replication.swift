extension Ledger {
    /// Brings this replica up to its primary: appends the events the primary holds after
    /// this file's last one, commit by commit, with their positions, commits, ids, times
    /// and hashes, applying the read models; then sends the pending commits (see
    /// `PendingCommit`), in the order they were queued. Returns how many events it appended
    /// first, and which pending commits the primary accepted and which it refused.
    ///
    /// An empty file becomes a replica of the primary; a file holding events of its own, or
    /// a replica of another primary, is refused (`.storage`), as is a ledger opened without
    /// a primary (`.invalidInput`). An unreachable primary is `.storage`
    /// (`primary unreachable: …`) and changes nothing. So is a primary that no longer holds
    /// this file's last event (it lost commits: see `restorePrimary()`), and one whose log
    /// differs from this file's or whose events do not apply is `.corruption` naming the
    /// position: the file is left as it was.
    @discardableResult
    public func sync() throws(LedgerError) -> SyncReport {
        try Replication(core: core).sync()
    }

    /// Copies this ledger's whole log into its primary, which must hold no event
    /// (`.invalidInput` otherwise), and makes this file a replica of it. Returns how many
    /// events it copied.
    @discardableResult
    public func push() throws(LedgerError) -> Int {
        try Replication(core: core).push()
    }

    /// Gives the primary back the commits it lost that this replica holds (a primary restored
    /// from a backup, or failed over to a standby that lagged): inserts this file's events
    /// after the primary's last one, with their positions, commits, ids, times and hashes, so
    /// that every replica converges again. Returns how many events it gave back (0 when the
    /// primary lacks none).
    ///
    /// The file must be a replica of this primary (`.storage` otherwise), and the primary's
    /// log must be a beginning of this file's: a primary that holds other events at a
    /// position this file holds (written on top of the loss since) is `.corruption`, and
    /// nothing is written.
    @discardableResult
    public func restorePrimary() throws(LedgerError) -> Int {
        try Replication(core: core).restorePrimary()
    }
}
