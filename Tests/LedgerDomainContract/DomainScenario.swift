import EventLedger

/// A domain's story for the domain contract: commits that build a rich state, appends its
/// rules must refuse on the way, answers its queries must give at given points, and the
/// queries that show its whole state. Each step is taken in order;
/// a refusal or an expected answer or table sees the commits before it.
///
/// `check(_:)` holds the domain to one ``ContractClause`` on ledgers of its own; a domain's
/// tests run every clause:
///
/// ```swift
/// @Test(arguments: ContractClause.allCases)
/// func theDomainKeepsTheContract(_ clause: ContractClause) throws {
///     try scenario.check(clause)
/// }
/// ```
public struct DomainScenario<Domain: LedgerDomain>: Sendable {
    /// The domain.
    public let domain: Domain
    /// The queries whose answers show the domain's state: every query of the domain with
    /// each of its flags, and those taking an argument for the entities the story names
    /// (and one it never creates).
    public let queries: [CheckedQuery]
    /// The commits, refusals and expected answers, in order.
    private(set) var steps: [ScenarioStep] = []

    /// A story of `domain` told through `queries`, with no step yet.
    public init(_ domain: Domain, queries: [CheckedQuery]) {
        self.domain = domain
        self.queries = queries
    }

    /// The story with one more commit: `events`, appended together in `mode`.
    public func committing(_ events: any DomainEvent..., mode: RuleMode = .strict) -> Self {
        adding(.commit(ScenarioCommit(events: events, mode: mode)))
    }

    /// The story with one more refusal: appending `events` together in `mode` is refused by
    /// the rule `rule`, on behalf of `entity` (as `LedgerError.rule(_:entity:)` names them),
    /// at the last of them; the events before it are appended first in the same batch, so
    /// the refused event is checked against them.
    public func refusing(_ events: any DomainEvent..., mode: RuleMode = .strict, rule: String, entity: String) -> Self {
        adding(.refusal(ScenarioRefusal(events: events, mode: mode, rule: rule, entity: entity)))
    }

    /// The story with one more refusal in each mode: appending `events` together is refused
    /// by the rule `rule` on behalf of `entity` on a strict append and on an import alike.
    public func refusingInEveryMode(_ events: any DomainEvent..., rule: String, entity: String) -> Self {
        [RuleMode.strict, .importing].reduce(self) { scenario, mode in
            scenario.adding(.refusal(ScenarioRefusal(events: events, mode: mode, rule: rule, entity: entity)))
        }
    }

    /// The story with one more refusal for each of `events`: appending it alone in `mode` is
    /// refused by the rule `rule` on behalf of `entity`.
    public func refusingEach(_ events: any DomainEvent..., mode: RuleMode = .strict, rule: String, entity: String) -> Self {
        events.reduce(self) { scenario, event in
            scenario.adding(.refusal(ScenarioRefusal(events: [event], mode: mode, rule: rule, entity: entity)))
        }
    }

    /// The story with one more expected answer: `query` answers `answer` at this point, as
    /// `CheckedQuery.answer(_:asOf:)` gives it (serialized JSON, or an error's kind and message).
    public func expecting(_ query: CheckedQuery, _ answer: String) -> Self {
        adding(.expectation(query, answer: answer))
    }

    /// The story with one more expected table: `query` shows `title` (nil: none) over a table
    /// of `columns` and `rows` at this point, as `ledger query` prints it without `--json`.
    public func expectingTable(_ query: CheckedQuery, title: String? = nil, columns: [String], rows: [[String]]) -> Self {
        adding(.tableExpectation(query, QueryTable(title: title, columns: columns, rows: rows)))
    }

    private func adding(_ step: ScenarioStep) -> Self {
        var scenario = self
        scenario.steps.append(step)
        return scenario
    }

    /// The type names of the events the story commits, for a test that the stories of a
    /// domain tell every event type it has.
    public var committedEventTypes: Set<String> {
        Set(
            steps.flatMap { step in
                guard case .commit(let commit) = step else { return [String]() }
                return commit.events.map { type(of: $0).typeName }
            })
    }

    /// The answer of every query of `queries` on `ledger`, now or as of `point`.
    func answers(_ ledger: Ledger, asOf point: LogPoint? = nil) -> [String] {
        queries.map { $0.answer(ledger, asOf: point) }
    }
}
