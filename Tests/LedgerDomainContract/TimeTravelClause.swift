import EventLedger
import Testing

extension DomainScenario {
    /// `ContractClause.timeTravel`.
    func checkTimeTravel(at location: SourceLocation) throws {
        try withTemporaryLedger(domain) { ledger in
            let run = try ScenarioRun(self, on: ledger)
            expectPast(of: run, on: ledger, "", at: location)
        }
    }

    /// Expects `ledger` to answer, as of each commit of `run` by position and by time, as
    /// it did right after that commit; `when` says which ledger or when, in failure messages.
    func expectPast(of run: ScenarioRun, on ledger: Ledger, _ when: String, at location: SourceLocation) {
        #expect(answers(ledger, asOf: .position(0)) == run.initialAnswers, "as of position 0\(when)", sourceLocation: location)
        for (index, record) in run.records.enumerated() {
            guard let last = record.result.positions.last else { continue }
            #expect(
                answers(ledger, asOf: .position(last)) == record.answers, "as of the end of \(record.description)\(when)", sourceLocation: location)
            let time = record.result.recordedAt
            // Commits recorded in the same microsecond are all at or before that time.
            let atTime = run.records[index...].last { $0.result.recordedAt == time }?.answers ?? record.answers
            let earlier = run.records[..<index].last { $0.result.recordedAt < time }?.answers ?? run.initialAnswers
            #expect(answers(ledger, asOf: .time(time)) == atTime, "as of the time of \(record.description)\(when)", sourceLocation: location)
            #expect(
                answers(ledger, asOf: .time(Timestamp(microseconds: time.microseconds - 1))) == earlier,
                "a microsecond before \(record.description)\(when)", sourceLocation: location)
        }
        let beyond = (run.records.last?.result.positions.last ?? 0) + 1_000
        #expect(answers(ledger, asOf: .position(beyond)) == run.currentAnswers, "as of a position past the last\(when)", sourceLocation: location)
    }
}
