import EventLedger

/// A memo was written: the one event of `MemoDomain`.
struct MemoWritten: DomainEvent {
    static let typeName = "MemoWritten"
    static let createdEntityField: String? = "memoId"
    /// The memo's id.
    let memoId: String
    /// The memo's text.
    let text: String

    init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["memoId", "text"])
        memoId = try reader.id("memoId")
        text = try reader.name("text")
    }

    var stream: String { "memo-\(memoId)" }
    var payload: [String: JSONValue] { ["memoId": .string(memoId), "text": .string(text)] }
}

/// A domain the `ledger` tool does not know, for a tool of one's own: memos, listed by the
/// `memos` query (which takes a `--long` flag keeping only texts over ten characters).
struct MemoDomain: LedgerDomain {
    /// Text by memo id.
    static let memos = ProjectionTable(projection: "memos", table: "memos")

    var projectionName: String { "memos" }
    var eventTypes: [any DomainEvent.Type] { [MemoWritten.self] }
    var tables: [ProjectionTable] { [Self.memos] }
    var queries: [QueryDefinition] {
        [QueryDefinition(name: "memos", flags: ["long"], summary: "every memo, by id") { input, state in
            let texts = try state.rows(Self.memos).map { $0.row[0] }.filter { !input.flags.contains("long") || $0.count > 10 }
            return QueryResult(json: .array(texts.map { .string($0) }), columns: ["TEXT"], rows: texts.map { [$0] })
        }]
    }

    func check(_ event: any DomainEvent, against state: any ProjectionReader, mode: RuleMode) throws {}

    func apply(_ event: any DomainEvent, context: ProjectionContext, to state: any ProjectionWriter) throws {
        if let memo = event as? MemoWritten { try state.set(Self.memos, StateKey(memo.memoId), [memo.text]) }
    }
}
