import EventLedger
import Testing

extension DomainScenario {
    /// `ContractClause.answers`.
    func checkAnswers(at location: SourceLocation) throws {
        for definition in domain.queries {
            let asked = queries.filter { $0.name == definition.name }
            #expect(!asked.isEmpty, "the story never asks \(definition.name)", sourceLocation: location)
            for flag in definition.flags {
                #expect(asked.contains { $0.flags.contains(flag) }, "the story never asks \(definition.name) --\(flag)", sourceLocation: location)
            }
            if definition.argumentName != nil {
                #expect(asked.allSatisfy { $0.argument != nil }, "the story asks \(definition.name) without an argument", sourceLocation: location)
            }
        }
        for query in queries {
            #expect(domain.queries.contains { $0.name == query.name }, "\(query) is no query of the domain", sourceLocation: location)
        }
        try withTemporaryLedger(domain) { ledger in
            _ = try ScenarioRun(self, on: ledger) { step, run in
                let point = run.records.last?.description ?? "before the first commit"
                switch step {
                case .expectation(let query, let answer):
                    #expect(query.answer(ledger, asOf: nil) == answer, "\(query) after \(point)", sourceLocation: location)
                case .tableExpectation(let query, let table):
                    #expect(query.table(ledger) == table, "the table of \(query) after \(point)", sourceLocation: location)
                case .commit, .refusal:
                    break
                }
            }
        }
    }
}
