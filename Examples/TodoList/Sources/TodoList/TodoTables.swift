import EventLedger

/// A list, kept when deleted so that its id stays taken.
struct ListRow: EntityRow { var name: String; var isDeleted = false }
/// An item, kept when deleted.
struct ItemRow: EntityRow { var title: String; var isCompleted = false; var isDeleted = false }
/// A list in name order, ignoring case.
struct ListNameKey: Codable, Sendable {
    var nameOrder: String, listId: String
    /// The key of the list `listId` called `name`.
    init(_ name: String, _ listId: String) { (nameOrder, self.listId) = (NameOrder.key(name), listId) }
}
/// An item, under its list.
struct ItemKey: Codable, Sendable { var listId: String, itemId: String }

/// The tables of the `todo` read model.
enum TodoTables {
    static let readModel = "todo"
    /// listId → every list ever created.
    static let lists = ReadModelTable<String, ListRow>(readModel: readModel, name: "lists")
    /// (name order, listId) → the name of a live list.
    static let listNames = ReadModelTable<ListNameKey, String>(readModel: readModel, name: "list-names")
    /// (listId, itemId) → every item ever added.
    static let items = ReadModelTable<ItemKey, ItemRow>(readModel: readModel, name: "items")
}
