import EventLedger
import Testing

extension DomainScenario {
    /// `ContractClause.refusals`.
    func checkRefusals(at location: SourceLocation) throws {
        try withTemporaryLedger(domain) { ledger in
            _ = try ScenarioRun(self, on: ledger) { step, run in
                guard case .refusal(let refusal) = step else { return }
                let error = try expectRuleViolation(
                    refusal.rule, entity: refusal.entity, appending: refusal.events.map { PendingEvent($0) }, to: ledger, domain,
                    mode: refusal.mode, sourceLocation: location)
                #expect(error?.eventIndex == refusal.events.count - 1, "the refused event of \(refusal)", sourceLocation: location)
                try expectRefusedInMemory(refusal, after: run.records, at: location)
            }
        }
    }

    /// Expects a read model in memory holding `records` to refuse `refusal` alike, and to
    /// answer every query afterwards as it did before its refused event.
    private func expectRefusedInMemory(_ refusal: ScenarioRefusal, after records: [ScenarioRun.Record], at location: SourceLocation) throws {
        let fold = try InMemoryFold(self, folding: records)
        for event in refusal.events.dropLast() { try fold.model.append(event, mode: refusal.mode) }
        let before = fold.answers
        guard let refused = refusal.events.last else { return }
        let error = #expect(throws: LedgerError.self, "in memory: \(refusal)", sourceLocation: location) {
            try fold.model.append(refused, mode: refusal.mode)
        }
        #expect(error?.rule == refusal.rule, "in memory: \(refusal)", sourceLocation: location)
        #expect(error?.subject == refusal.entity, "in memory: \(refusal)", sourceLocation: location)
        #expect(fold.answers == before, "in memory, after refusing \(refusal)", sourceLocation: location)
    }
}
