/// A domain's read model in memory, for unit tests of its rules and `apply`: events are
/// checked and folded as a ledger would, without a file.
///
/// ```swift
/// let model = InMemoryReadModel(TodoDomain())
/// try model.append(ListCreated(listId: "home", name: "Home"))
/// #expect(try TodoListSummary.all(in: model.reader).map(\.name) == ["Home"])
/// ```
public final class InMemoryReadModel<Domain: LedgerDomain> {
    private let driver: DomainDriver
    private let state: FoldedReadModel
    /// The streams events were appended to, for the rule that a created entity's id is new.
    private var streams: Set<String> = []
    /// The position of the last event folded.
    public private(set) var position: UInt64 = 0

    /// An empty read model of `domain`.
    public init(_ domain: Domain) {
        driver = DomainDriver(domain)
        state = FoldedReadModel(tables: driver.tables)
    }

    /// The read model as the events folded so far left it.
    public var reader: ReadModelReader { ReadModelReader(state) }

    /// Checks `event` against the domain's rules in `mode`, then folds it in at the next
    /// position, committed at `recordedAt`; returns the streams `apply` linked the event to
    /// (a cascade's). Throws what the rules or the payload's checks throw, leaving the read
    /// model as it was, and what a unique index refuses while folding, leaving the rows the
    /// event wrote before it (a ledger rolls the whole commit back); like a ledger, refuses to
    /// create an entity whose stream exists.
    @discardableResult
    public func append<Event: DomainEvent>(
        _ event: Event, mode: RuleMode = .strict,
        recordedAt: Timestamp = Timestamp(microseconds: 0)
    ) throws(LedgerError) -> [String] {
        guard let typeIndex = driver.eventTypes.firstIndex(where: { $0.typeName == Event.typeName }) else {
            throw LedgerError(.invalidInput, "\(Event.typeName) is not an event of \(Domain.self)", subject: Event.typeName)
        }
        let decoded: DomainEventValue
        if let typed = try driver.decodeTyped(typeIndex, event) {
            decoded = typed
        } else {
            decoded = try driver.decode(typeIndex, try event.payload, Event.schemaVersion)
        }
        if Event.createdEntityField != nil, streams.contains(decoded.stream) {
            throw LedgerError.rule("id must be new", entity: decoded.stream)
        }
        try driver.check(decoded, ReadModelReader(state), mode)
        state.position = position + 1
        var linked: [String] = []
        let context = EventContext(position: position + 1, recordedAt: recordedAt) { stream in linked.append(stream) }
        try driver.apply(decoded, context, ReadModelWriter(state))
        position += 1
        streams.insert(decoded.stream)
        return linked
    }
}
