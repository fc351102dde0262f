import EventLedger

/// A domain's events folded into an `InMemoryReadModel`, its queries asked of it.
struct InMemoryFold<Domain: LedgerDomain> {
    /// The read model.
    let model: InMemoryReadModel<Domain>
    private let queries: [CheckedQuery]
    private let definitions: [QueryDefinition]

    /// An empty read model of the story's domain, asked the story's queries.
    init(_ scenario: DomainScenario<Domain>) {
        model = InMemoryReadModel(scenario.domain)
        queries = scenario.queries
        definitions = scenario.domain.queries
    }

    /// A read model holding every commit of `records`, each event at its commit's time.
    init(_ scenario: DomainScenario<Domain>, folding records: [ScenarioRun.Record]) throws {
        self.init(scenario)
        for record in records {
            for event in record.commit.events { try model.append(event, mode: record.commit.mode, recordedAt: record.result.recordedAt) }
        }
    }

    /// The answer of every query of the story.
    var answers: [String] { queries.map { $0.answer(in: model.reader, of: definitions) } }
}
