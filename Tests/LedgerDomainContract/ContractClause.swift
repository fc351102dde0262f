import EventLedger
import Testing

/// One promise every domain keeps, checked by `DomainScenario.check(_:)` on ledgers of its own.
public enum ContractClause: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// The story asks every query of the domain, with each of its flags and, for one taking
    /// an argument, with one; every answer and table it expects is the ledger's at that point.
    case answers
    /// Every append the story says a rule refuses is refused by that rule on behalf of that
    /// entity, at its last event, and leaves the ledger as it was; an `InMemoryReadModel`
    /// refuses it alike and stays as it was.
    case refusals
    /// An `InMemoryReadModel` folding the same events answers every query, after each event,
    /// as the ledger does as of that event's position, and after each commit as the ledger
    /// did right then.
    case inMemory
    /// As of each commit's last position, and as of its time, every query answers as it did
    /// right after that commit; a microsecond before its time, as it did before it; before
    /// the first event, as on an empty ledger; past the last, as now.
    case timeTravel
    /// A rebuild from the log stores exactly the rows `apply` stored as the events were
    /// appended, the past reads the same after it, and `verify` finds no problem before or after.
    case rebuild
    /// The story's export, imported into an empty ledger, gives the same log, streams' histories,
    /// rows and past; imported again, it appends nothing; the copy verifies.
    case interchange
    /// Undoing each commit right after it returns every query to its answer before the
    /// commit, in one commit whose events say `undoes` and the commit; undoing that undo
    /// returns every query to its answer after the commit; the ledger verifies after all of
    /// them. A domain without undo leaves this clause out.
    case undo

    /// The clause's name, as a test lists it.
    public var testDescription: String { rawValue }
}

extension DomainScenario {
    /// Checks `clause` for this story on ledgers of its own in temporary directories; what
    /// does not hold is recorded as an issue at `sourceLocation`, what fails to run is thrown.
    public func check(_ clause: ContractClause, sourceLocation: SourceLocation = #_sourceLocation) throws {
        switch clause {
        case .answers: try checkAnswers(at: sourceLocation)
        case .refusals: try checkRefusals(at: sourceLocation)
        case .inMemory: try checkInMemory(at: sourceLocation)
        case .timeTravel: try checkTimeTravel(at: sourceLocation)
        case .rebuild: try checkRebuild(at: sourceLocation)
        case .interchange: try checkInterchange(at: sourceLocation)
        case .undo: try checkUndo(at: sourceLocation)
        }
    }

    /// Runs `body` with a new ledger of the domain, in a temporary directory, holding every
    /// commit of the story: the rich state a domain's own tests can start from.
    public func withLedger(_ body: (Ledger) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger in
            _ = try ScenarioRun(self, on: ledger)
            try body(ledger)
        }
    }
}
