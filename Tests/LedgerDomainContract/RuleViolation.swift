import EventLedger
import Testing

/// Appends `events` expecting `rule` to refuse them on behalf of `entity`, and checks that
/// the ledger did not change; returns the error, if one was thrown.
@discardableResult
public func expectRuleViolation(
    _ rule: String, entity: String, appending events: [PendingEvent], to ledger: Ledger,
    _ domain: some LedgerDomain, mode: RuleMode = .strict,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> LedgerError? {
    let before = try snapshot(ledger, domain)
    let error = #expect(throws: LedgerError.self, sourceLocation: sourceLocation) {
        try ledger.append(events, mode: mode)
    }
    #expect(error?.kind == .ruleViolation, sourceLocation: sourceLocation)
    #expect(error?.rule == rule, sourceLocation: sourceLocation)
    #expect(error?.subject == entity, sourceLocation: sourceLocation)
    #expect(try snapshot(ledger, domain) == before, sourceLocation: sourceLocation)
    return error
}
