import EventLedger

/// A list, kept when deleted so that its id stays taken.
struct ListRow: EntityRow { var name: String; var isDeleted = false }
/// An item of a list, kept when deleted.
struct ItemRow: EntityRow { var listId: String, title: String; var isCompleted = false, isDeleted = false }

/// The tables of the `todo` read model: lists and items, each row an entity's whole state, which is what undo restores.
enum TodoTables {
    /// Live lists by name, ignoring case: no two live lists share a name.
    static let byName = TableIndex<ListRow>("by-name", unique: true, rule: "list name must be unique") { $0.isDeleted ? nil : CaseFolded($0.name) }
    /// listId → every list ever created; the streams of lists are `list-⟨listId⟩`.
    static let lists = ReadModelTable<String, ListRow>(readModel: "todo", name: "lists", entityStream: "list-", indexes: [byName])
    /// Live items by list.
    static let byList = TableIndex<ItemRow>("by-list") { $0.isDeleted ? nil : $0.listId }
    /// itemId → every item ever added; the streams of items are `item-⟨itemId⟩`.
    static let items = ReadModelTable<String, ItemRow>(readModel: "todo", name: "items", entityStream: "item-", indexes: [byList])
}

/// A live list as the `lists` query shows it.
public struct TodoListSummary: Codable, Sendable, Equatable {
    /// The list's id and name.
    public let listId: String, name: String
    /// How many live items it holds, and how many of them are completed.
    public let items: Int, completed: Int

    /// The live lists in name order, ignoring case, read from any reader: that of `Ledger.read { }`,
    /// `Ledger.read(asOf:) { }` or `Session.preview { }`.
    public static func all(in readModel: ReadModelReader) throws(LedgerError) -> [TodoListSummary] {
        try readModel.rows(TodoTables.lists, index: TodoTables.byName).map { list throws(LedgerError) in
            let items = try readModel.rows(TodoTables.items, index: TodoTables.byList, prefix: list.key).map(\.row)
            return TodoListSummary(listId: list.key, name: list.row.name, items: items.count, completed: items.filter(\.isCompleted).count)
        }
    }
}
