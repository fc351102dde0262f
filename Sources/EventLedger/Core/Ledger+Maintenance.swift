extension Ledger {
    /// Drops the named read models (all when `readModels` is empty) and rebuilds them from the
    /// log, deleting from the file the tables of each that its domain no longer declares (an
    /// earlier version's); one recorded as built by a newer version of its domain, or whose
    /// version record is damaged, is not rebuilt (`.storage` or `.corruption`, naming it). They
    /// are folded in memory side by side, each from a read transaction of its own, and then
    /// stored one by one, each in a write transaction that also folds the events appended
    /// meanwhile: readers see a read model's old state until its new one commits. Memory stays
    /// bounded however long the log: folds that outgrow about 256 MiB together stop, and go on
    /// in their write transactions, writing their rows out in parts (other writers wait
    /// meanwhile). `progress` is called now and then, on this thread, with (events of the log
    /// folded, events in the log), averaged over the read models: through the folds side by
    /// side, then through the writes of those that stopped; the other writes come after it
    /// reaches the end.
    @discardableResult
    public func rebuild(_ readModels: [String] = [], progress: (UInt64, UInt64) -> Void = { _, _ in }) throws(LedgerError) -> RebuildReport {
        try Maintenance(core: core).rebuild(readModels, limits: .standard, progress: progress)
    }

    /// Checks the whole ledger: positions and versions gapless, indexes consistent, the hash
    /// chain intact, the read models recorded as built by their domains' versions, and every
    /// other read model (rows, history, cascade links, checkpoints) equal to a fresh rebuild:
    /// the read models are folded in memory side by side, and each is then written beside the
    /// stored one in a transaction that is rolled back. Nothing is ever written to the file: a
    /// read model built by another version of its domain, or whose version record is damaged,
    /// is reported and left as it is.
    ///
    /// A ledger opened read-only is verified through a consistent copy in a temporary
    /// directory (under `$TMPDIR`, else /tmp), since the comparison needs a scratch write.
    ///
    /// LMDB's two meta pages are checked first, read from the file, then that every page of
    /// the file is in a table or listed as free, by the counts LMDB keeps and by a walk over
    /// every page.
    public func verify() throws(LedgerError) -> VerifyReport {
        try Maintenance(core: core).verify()
    }

    /// Counts the log's events, commits and streams, and reads the checkpoint of each read
    /// model the file holds, whether its domain is plugged in or not.
    public func stats() throws(LedgerError) -> LedgerStats {
        try Maintenance(core: core).stats()
    }
}
