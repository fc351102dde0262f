import EventLedger
import Testing

extension DomainScenario {
    /// `ContractClause.rebuild`.
    func checkRebuild(at location: SourceLocation) throws {
        try withTemporaryLedger(domain) { ledger in
            let run = try ScenarioRun(self, on: ledger)
            let inline = try snapshot(ledger, domain)
            #expect(try ledger.verify().problems == [], "verify, before a rebuild", sourceLocation: location)
            try ledger.rebuild()
            #expect(try snapshot(ledger, domain) == inline, "the rows a rebuild stores", sourceLocation: location)
            #expect(try ledger.verify().problems == [], "verify, after a rebuild", sourceLocation: location)
            expectPast(of: run, on: ledger, ", after a rebuild", at: location)
        }
    }
}
