import EventLedger

// DOC-SNIPPET-BEGIN WritingADomain
/// A list, kept when deleted so that its id stays taken.
struct ListRow: EntityRow { var name: String; var isDeleted = false }
/// An item, kept when deleted.
struct ItemRow: EntityRow { var title: String; var isCompleted = false; var isDeleted = false }

/// An item under its list: a list's items are the rows under its id.
struct ItemKey: Codable, Sendable { var listId: String, itemId: String }

/// The tables of the `todo` read model.
enum TodoTables {
    /// The read model's name.
    static let readModel = "todo"
    /// listId → every list ever created.
    static let lists = ReadModelTable<String, ListRow>(readModel: readModel, name: "lists")
    /// (name order, listId) → the name of a live list: names compare ignoring case.
    static let listNames = ReadModelTable<NameOrderKey, String>(readModel: readModel, name: "list-names")
    /// (listId, itemId) → every item ever added.
    static let items = ReadModelTable<ItemKey, ItemRow>(readModel: readModel, name: "items")
}
// DOC-SNIPPET-END
