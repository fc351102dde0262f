import EventLedger

/// One step of a domain's story.
enum ScenarioStep: Sendable {
    /// Events appended as one commit.
    case commit(ScenarioCommit)
    /// Events whose append a rule refuses.
    case refusal(ScenarioRefusal)
    /// A query's answer at this point.
    case expectation(CheckedQuery, answer: String)
    /// A query's table at this point.
    case tableExpectation(CheckedQuery, QueryTable)
}

/// Events a story appends as one commit.
struct ScenarioCommit: Sendable, CustomStringConvertible {
    /// The events, in order.
    let events: [any DomainEvent]
    /// How strictly the rules check them.
    let mode: RuleMode

    /// The events' type names, for failure messages.
    var description: String { events.map { type(of: $0).typeName }.joined(separator: ", ") }
}

/// Events whose append a rule refuses, at the last of them.
struct ScenarioRefusal: Sendable, CustomStringConvertible {
    /// The events, in order; the last is the refused one.
    let events: [any DomainEvent]
    /// How strictly the rules check them.
    let mode: RuleMode
    /// The rule that refuses the last event.
    let rule: String
    /// The entity it is refused on behalf of, with the reason when the rule gives one.
    let entity: String

    /// The rule and the events' type names, for failure messages.
    var description: String { "\(rule) (\(events.map { type(of: $0).typeName }.joined(separator: ", ")))" }
}
