import EventLedger

// DOC-SNIPPET-BEGIN WritingADomain
/// A live list as the `lists` query shows it.
public struct TodoListSummary: Encodable, Sendable, Equatable {
    /// The list's id and name.
    public let listId: String, name: String
    /// How many live items it holds, and how many of them are completed.
    public let items: Int, completed: Int
}

/// The queries over the `todo` read model.
public enum TodoQueries {
    /// The live lists in name order, ignoring case, with their item counts. Pass the reader
    /// of `Ledger.read { }`, `Ledger.read(asOf:) { }` or `Session.preview { }`.
    public static func lists(in readModel: ReadModelReader) throws(LedgerError) -> [TodoListSummary] {
        try readModel.rows(TodoTables.lists, index: TodoTables.byName).map { list throws(LedgerError) in
            let items = try readModel.rows(TodoTables.items, index: TodoTables.byList, prefix: list.key).map(\.row)
            return TodoListSummary(listId: list.key, name: list.row.name, items: items.count, completed: items.filter(\.isCompleted).count)
        }
    }

    /// `todo query lists`: `lists(in:)` as JSON (`--json`) and as a table.
    static let listsQuery = QueryDefinition(name: "lists", summary: "live lists by name, with their item counts") { _, readModel in
        try QueryResult(rows: TodoQueries.lists(in: readModel), columns: [QueryColumn("completed", heading: "DONE")])
    }
}
// DOC-SNIPPET-END
