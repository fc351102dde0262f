import EventLedger

/// A list, kept when deleted so that its id stays taken.
struct ListRow: EntityRow { var listId: String; var name: String; var isDeleted = false }
/// An item, kept when removed.
struct ItemRow: EntityRow { var itemId: String; var listId: String; var title: String; var isCompleted = false; var isDeleted = false }
/// Lists in name order, ignoring case.
struct ListNameKey: Codable, Sendable { var nameOrder: String; var listId: String }
/// A list's items in title order, ignoring case.
struct ListItemKey: Codable, Sendable { var listId: String; var titleOrder: String; var itemId: String }

/// The tables of the `todo` read model.
enum TodoTables {
    static let readModel = "todo"
    /// listId → every list ever created.
    static let lists = ReadModelTable<String, ListRow>(readModel: readModel, name: "lists")
    /// (name order, listId) → the name of a live list.
    static let listNames = ReadModelTable<ListNameKey, String>(readModel: readModel, name: "list-names")
    /// itemId → every item ever added.
    static let items = ReadModelTable<String, ItemRow>(readModel: readModel, name: "items")
    /// (listId, title order, itemId) → a live item.
    static let listItems = ReadModelTable<ListItemKey, ItemRow>(readModel: readModel, name: "list-items")
    static let all: [any DeclaredTable] = [lists, listNames, items, listItems]
}
