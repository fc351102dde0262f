/// The undo metadata of an import made true here: an imported event's `undoes` names a
/// commit of the exporting ledger, which this ledger may number otherwise (it had commits of
/// its own, or skipped some source commits as already present).
///
/// The undone commit is named by the commit it became here when the import met it before the
/// undo, or by its own number when this ledger is known to hold the exporting ledger's log up
/// to the file's first event (`noteCommitsHeld`). Otherwise nothing true can be written: the
/// event is refused, should it be appended (an undo already in the log is skipped as it is).
struct ImportedUndoes {
    /// The commits the source commits appended so far became here.
    private var commitNumbers = ImportedCommitNumbers()
    /// The source's commits up to this one are this ledger's commits of the same numbers; 0
    /// when none is known to be.
    private var commitsHeld: UInt64 = 0

    /// Before anything is appended, with the import's first event `first`: when its hash
    /// chains from this ledger's event at the position before it, this ledger's log up to
    /// there is the exporting ledger's, so it holds that ledger's commits up to there under
    /// the same numbers.
    mutating func noteCommitsHeld(before first: ImportedEvent, _ txn: Transaction, _ tables: LedgerTables) throws {
        guard first.sourcePosition > 1,
            let bytes = try txn.get(tables.log, LedgerTables.bigEndian(first.sourcePosition - 1))
        else { return }
        let previous = try EventRecordView(bytes, position: first.sourcePosition - 1)
        if ImportedHashChain.chains(first, from: previous.hash) { commitsHeld = previous.commit }
    }

    /// Records that the events of `sourceCommit`, just appended, are those of commit `here`
    /// (nil: of more than one commit, some having been in the log already).
    mutating func record(_ sourceCommit: UInt64, became here: UInt64?) {
        commitNumbers.record(sourceCommit, became: here)
    }

    /// Makes `event`'s `undoes`, if any, name the undone commit as this ledger numbers it, or
    /// sets its `importRefusal` (`.invalidInput` naming the field `metadata`) when that is not known.
    func renumber(_ event: inout PendingEvent) {
        guard let undone = UndoMetadata.undoneCommit(in: event.metadata) else { return }
        let named = "\(UndoMetadata.key)=\(undone)"
        switch commitNumbers.outcome(of: undone) {
        case .commit(let here):
            event.metadata[UndoMetadata.key] = String(here)
        case .spread:
            event.importRefusal = LedgerError.invalidField("metadata", "\(named) names a commit whose events are in more than one commit here")
        case .unknown where undone > commitsHeld:
            event.importRefusal = LedgerError.invalidField(
                "metadata",
                "\(named) names a commit of the exporting ledger that this "
                    + "file does not hold before this line and this ledger is not known to hold (import an export that holds "
                    + "commit \(undone); events already here are skipped)")
        case .unknown:
            break
        }
    }
}
