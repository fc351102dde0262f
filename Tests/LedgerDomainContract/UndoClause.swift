import EventLedger
import Testing

extension DomainScenario {
    /// `ContractClause.undo`.
    func checkUndo(at location: SourceLocation) throws {
        try withTemporaryLedger(domain) { ledger in
            _ = try ScenarioRun(self, on: ledger) { step, run in
                guard case .commit = step, let record = run.records.last else { return }
                try expectRoundTrip(of: record, before: run.answers(before: run.records.count - 1), on: ledger, at: location)
            }
            #expect(try ledger.verify().problems == [], "verify, the undos included", sourceLocation: location)
        }
    }

    /// Undoes the commit of `record`, expecting the answers `before` it, then undoes that
    /// undo, expecting the answers after it.
    private func expectRoundTrip(of record: ScenarioRun.Record, before: [String], on ledger: Ledger, at location: SourceLocation) throws {
        let commit = record.result.commit
        let undo = try #require(try ledger.undo(commit: commit), "\(record.description) changed nothing undo returns", sourceLocation: location)
        #expect(answers(ledger) == before, "after undoing \(record.description)", sourceLocation: location)
        try expectEvents(of: undo, undoing: commit, on: ledger, at: location)
        let redo = try #require(try ledger.undo(commit: undo.commit), "the undo of \(record.description) changed nothing", sourceLocation: location)
        #expect(answers(ledger) == record.answers, "after undoing the undo of \(record.description)", sourceLocation: location)
        try expectEvents(of: redo, undoing: undo.commit, on: ledger, at: location)
    }

    /// Expects every event of the commit `result` reports to say that it undoes `commit`.
    private func expectEvents(of result: AppendResult, undoing commit: UInt64, on ledger: Ledger, at location: SourceLocation) throws {
        let events = try allEvents(ledger).filter { result.positions.contains($0.position) }
        #expect(events.count == result.positions.count, sourceLocation: location)
        #expect(events.allSatisfy { $0.metadata["undoes"] == String(commit) }, "the events undoing commit \(commit)", sourceLocation: location)
    }
}
