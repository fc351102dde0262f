import EventLedger

/// A list, kept when deleted so that its id stays taken.
struct ListRow: EntityRow { var name: String; var isDeleted = false }
/// An item, kept when deleted.
struct ItemRow: EntityRow { var title: String; var isCompleted = false; var isDeleted = false }

/// A list under its name, ignoring case: `NameOrder.key(name)`, then the id.
struct ListNameKey: Codable, Sendable {
    var nameOrder: String, listId: String
    /// The key of the list `listId` called `name`.
    init(_ name: String, _ listId: String) { nameOrder = NameOrder.key(name); self.listId = listId }
}
/// An item under its list: a list's items are the rows under its id.
struct ItemKey: Codable, Sendable { var listId: String, itemId: String }

/// The tables of the `todo` read model.
enum TodoTables {
    /// The read model's name.
    static let readModel = "todo"
    /// listId → every list ever created.
    static let lists = ReadModelTable<String, ListRow>(readModel: readModel, name: "lists")
    /// (name order, listId) → the name of a live list.
    static let listNames = ReadModelTable<ListNameKey, String>(readModel: readModel, name: "list-names")
    /// (listId, itemId) → every item ever added.
    static let items = ReadModelTable<ItemKey, ItemRow>(readModel: readModel, name: "items")
}
