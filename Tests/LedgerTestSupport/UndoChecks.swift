import EventLedger
import Testing

/// Undoes the commit `undone` reports and expects every query of `queries` to answer as it
/// did just before that commit (`--as-of` the position before its first event); returns
/// what the undo appended.
@discardableResult
public func undoExpectingPastAnswers(
    _ ledger: Ledger, _ undone: AppendResult, _ queries: [CheckedQuery],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> AppendResult {
    let before = try #require(undone.positions.first, sourceLocation: sourceLocation) - 1
    let undo = try #require(
        try ledger.undo(commit: undone.commit), "commit \(undone.commit) changed nothing undoable",
        sourceLocation: sourceLocation)
    expectAnswers(ledger, queries, asOf: before, "after undoing commit \(undone.commit)", sourceLocation: sourceLocation)
    return undo
}

/// Expects every query of `queries` to answer now as it did as of `position`; `when` says
/// when, in failure messages.
public func expectAnswers(
    _ ledger: Ledger, _ queries: [CheckedQuery], asOf position: UInt64, _ when: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for query in queries {
        #expect(
            query.answer(ledger, asOf: nil) == query.answer(ledger, asOf: .position(position)), "\(query) \(when)",
            sourceLocation: sourceLocation)
    }
}
