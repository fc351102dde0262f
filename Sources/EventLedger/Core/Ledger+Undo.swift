extension Ledger {
    /// Works out the undo of `commit` without appending anything, for a preview.
    ///
    /// Fails as `undo(commit:)` does when it cannot be undone.
    public func planUndo(of commit: UInt64) throws(LedgerError) -> UndoPlan {
        try LedgerError.typed {
            UndoPlan(ledger: self, undoing: commit, events: try Undo(core: core).events(undoing: commit))
        }
    }

    /// Appends one commit that returns every entity `commit` changed (its events' and those
    /// they affected, such as a cascade's) to its state just before that commit. Its events
    /// carry the metadata `undoes: commit`; undoing that commit in turn redoes.
    ///
    /// Returns nil, appending nothing, when the commit changed nothing undo can return.
    /// Fails with `.notFound` for a commit that does not exist; with `.conflict` naming the
    /// later commit when one changed an entity since; with `.ruleViolation` when restoring
    /// breaks a rule now (a name taken since) or an entity is of no undoable kind.
    @discardableResult
    public func undo(commit: UInt64) throws(LedgerError) -> AppendResult? {
        try Undo(core: core).commit(undoing: commit)
    }
}
