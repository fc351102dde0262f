/// What undoing a commit of a domain's story does.
public enum UndoExpectation: Sendable {
    /// Undoing a commit right after it is appended returns every query to its answer before
    /// the commit, in one commit whose events say `undoes` and the commit; undoing that undo
    /// returns every query to its answer after the commit.
    case roundTrip
    /// Undoing a commit is refused by the rule `rule`, leaving the ledger as it was (a domain
    /// whose entities cannot be undone).
    case refused(rule: String)
}
