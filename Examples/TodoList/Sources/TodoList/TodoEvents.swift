import EventLedger

/// A list is created; no other live list may hold its name, ignoring case.
public struct ListCreated: EntityEvent {
    /// The list's stream, `list-⟨listId⟩`; left out, the ledger assigns `listId` a UUID.
    public static let entity = EventEntity(TodoTables.lists, id: \Self.listId), createdEntityField: String? = "listId"
    /// The list's id.
    @ID public var listId: String
    /// The list's name.
    @Name public var name: String
    /// A `ListCreated` event.
    public init(listId: String, name: String) { (self.listId, self.name) = (listId, name) }
}

/// A live list is deleted with its items; its name is free again.
public struct ListDeleted: EntityEvent {
    /// The list's stream, `list-⟨listId⟩`; the list must be live.
    public static let entity = EventEntity(TodoTables.lists, id: \Self.listId, requires: .live)
    /// The list's id.
    @ID public var listId: String
    /// A `ListDeleted` event.
    public init(listId: String) { self.listId = listId }
}

/// An item is added to a live list.
public struct ItemAdded: EntityEvent {
    /// The item's stream, `item-⟨itemId⟩`; left out, the ledger assigns `itemId` a UUID.
    public static let entity = EventEntity(TodoTables.items, id: \Self.itemId), createdEntityField: String? = "itemId"
    /// The item's id.
    @ID public var itemId: String
    /// Its list's id.
    @ID public var listId: String
    /// What is to be done.
    @Name public var title: String
    /// An `ItemAdded` event.
    public init(itemId: String, listId: String, title: String) { (self.itemId, self.listId, self.title) = (itemId, listId, title) }
}

/// A live item of a list is done.
public struct ItemCompleted: EntityEvent {
    /// The item's stream, `item-⟨itemId⟩`; the item must be live.
    public static let entity = EventEntity(TodoTables.items, id: \Self.itemId, requires: .live)
    /// The item's id.
    @ID public var itemId: String
    /// Its list's id.
    @ID public var listId: String
    /// An `ItemCompleted` event.
    public init(itemId: String, listId: String) { (self.itemId, self.listId) = (itemId, listId) }
}
