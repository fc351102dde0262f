import EventLedger
import Testing

extension DomainScenario {
    /// `ContractClause.inMemory`.
    func checkInMemory(at location: SourceLocation) throws {
        try withTemporaryLedger(domain) { ledger in
            let run = try ScenarioRun(self, on: ledger)
            let fold = InMemoryFold(self)
            #expect(fold.answers == run.initialAnswers, "in memory, before any event", sourceLocation: location)
            for record in run.records {
                for (event, position) in zip(record.commit.events, record.result.positions) {
                    try fold.model.append(event, mode: record.commit.mode, recordedAt: record.result.recordedAt)
                    #expect(fold.model.position == position, "in memory, the position of \(record.description)", sourceLocation: location)
                    #expect(
                        fold.answers == answers(ledger, asOf: .position(position)),
                        "in memory, after the event at position \(position) of \(record.description)", sourceLocation: location)
                }
                #expect(fold.answers == record.answers, "in memory, after \(record.description)", sourceLocation: location)
            }
        }
    }
}
