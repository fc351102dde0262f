import EventLedger

/// A memo was written: the one event of `MemoDomain`.
struct MemoWritten: DomainEvent {
    static let createdEntityField: String? = "memoId"
    /// The memo's id.
    @ID var memoId: String
    /// The memo's text.
    @Name var text: String

    var stream: String { "memo-\(memoId)" }
}

/// The events of `MemoDomain`.
enum MemoEvent: Sendable {
    case written(MemoWritten)
}

/// A domain the `ledger` tool does not know, for a tool of one's own: memos, listed by the
/// `memos` query (which takes a `--long` flag keeping only texts over ten characters).
struct MemoDomain: LedgerDomain {
    /// Text by memo id.
    static let memos = ReadModelTable<String, String>(readModel: "memos", name: "memos")

    var readModelName: String { "memos" }
    var events: [EventCase<MemoEvent>] { [EventCase(MemoWritten.self, as: MemoEvent.written)] }
    var tables: [any DeclaredTable] { [Self.memos] }
    var queries: [QueryDefinition] {
        [
            QueryDefinition(name: "memos", flags: ["long"], summary: "every memo, by id") { input, readModel in
                let texts = try readModel.rows(Self.memos).map(\.row).filter { !input.flags.contains("long") || $0.count > 10 }
                return try QueryResult(rows: texts, columns: [.value(heading: "TEXT")])
            }
        ]
    }

    func check(_ event: MemoEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {}

    func apply(_ event: MemoEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .written(let memo): try readModel.set(Self.memos, memo.memoId, memo.text)
        }
    }
}
