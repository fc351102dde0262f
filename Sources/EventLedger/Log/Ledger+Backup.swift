extension Ledger {
    /// Writes a consistent, compacted copy of the ledger to the new file `destination`
    /// while other processes keep appending (`mdb_env_copy2` with compaction).
    public func backup(to destination: String) throws(LedgerError) {
        try LedgerError.typed {
            try core.environment.copyCompacted(to: destination)
        }
    }
}
