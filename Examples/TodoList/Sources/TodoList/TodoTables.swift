import EventLedger

// DOC-SNIPPET-BEGIN WritingADomain
/// A list, kept when deleted so that its id stays taken.
struct ListRow: EntityRow { var name: String; var isDeleted = false }
/// An item of a list, kept when deleted.
struct ItemRow: EntityRow { var listId: String, title: String; var isCompleted = false, isDeleted = false }

/// The tables of the `todo` read model: lists and items, each row an entity's whole state,
/// which is what undo restores.
enum TodoTables {
    /// The read model's name.
    static let readModel = "todo"
    /// Live lists by name, ignoring case: no two live lists share a name.
    static let byName = TableIndex<ListRow>("by-name", unique: true, rule: "list name must be unique") { list in
        list.isDeleted ? nil : CaseFolded(list.name)
    }
    /// listId → every list ever created; the streams of lists are `list-⟨listId⟩`.
    static let lists = ReadModelTable<String, ListRow>(readModel: readModel, name: "lists", entityStream: "list-", indexes: [byName])
    /// Live items by list.
    static let byList = TableIndex<ItemRow>("by-list") { item in item.isDeleted ? nil : item.listId }
    /// itemId → every item ever added; the streams of items are `item-⟨itemId⟩`.
    static let items = ReadModelTable<String, ItemRow>(readModel: readModel, name: "items", entityStream: "item-", indexes: [byList])
}
// DOC-SNIPPET-END
