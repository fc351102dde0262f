extension Ledger {
    /// Appends the events of `source`, exported from another ledger, all or nothing: every
    /// source commit becomes one commit here (keeping its time), events already in the log
    /// under their id are skipped (an id naming another event is `.invalidInput`), and
    /// references to entities not yet known are accepted (devices sync out of order).
    /// A commit time more than `ImportedEvent.maximumClockSkew` ahead of the clock is
    /// `.invalidInput`. So is a hash that is malformed or does not chain (see
    /// `ImportedHashChain`), unless `rehash` says the events were rewritten on purpose:
    /// their hashes are then ignored. Either way the ledger hashes every event it appends
    /// into its own chain. An undo's metadata `undoes` is rewritten to name the undone commit
    /// as this ledger numbers it; an undo of a commit this ledger is not known to hold is
    /// `.invalidInput` (see `ImportedUndoes`).
    ///
    /// The events are read, checked and appended as they come inside one write: memory holds
    /// none of the input (but what the hash chain keeps), however large its commits. An
    /// error the source throws ends the import as it is, appending nothing. On failure
    /// `LedgerError.eventIndex` names the failing event, counting the source's events from 0.
    /// An array of events is imported as `importEvents(from: EventCollection(events))`.
    @discardableResult
    public func importEvents(from source: some EventSource<ImportedEvent>, rehash: Bool = false) throws(LedgerError) -> ImportReport {
        try Interchange(core: core).importEvents(from: source, rehash: rehash)
    }

    /// Writes a new, fully usable ledger at `outputPath` holding this log up to `position`
    /// (records copied byte for byte, so ids and hashes are the same) and its read models
    /// rebuilt from it: its queries equal this ledger's queries as of `position`.
    @discardableResult
    public func replay(to position: UInt64, into outputPath: String) throws(LedgerError) -> Ledger {
        Ledger(core: try Interchange(core: core).replay(to: position, into: outputPath))
    }

    /// Writes a consistent, compacted copy of the ledger to the new file `destination`
    /// while other processes keep appending (`mdb_env_copy2` with compaction).
    public func backup(to destination: String) throws(LedgerError) {
        try Interchange(core: core).backup(to: destination)
    }
}
