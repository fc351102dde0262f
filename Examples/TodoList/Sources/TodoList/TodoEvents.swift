import EventLedger

/// A list is created; no other live list may hold its name, ignoring case.
public struct ListCreated: DomainEvent {
    /// The list's id; left out, the ledger assigns a UUID.
    @ID public var listId: String
    /// The list's name.
    @Name public var name: String
    /// The list this event creates.
    public static let createdEntityField: String? = "listId"
    /// `list-⟨listId⟩`.
    public var stream: String { TodoStreams.list(listId) }
    /// A `ListCreated` event.
    public init(listId: String, name: String) { self.listId = listId; self.name = name }
}

/// A live list is deleted with its items; its name is free again.
public struct ListDeleted: DomainEvent {
    /// The list's id.
    @ID public var listId: String
    /// `list-⟨listId⟩`.
    public var stream: String { TodoStreams.list(listId) }
    /// A `ListDeleted` event.
    public init(listId: String) { self.listId = listId }
}

// DOC-SNIPPET-BEGIN WritingADomain
/// An item is added to a live list.
public struct ItemAdded: DomainEvent {
    /// The item's id; left out, the ledger assigns a UUID.
    @ID public var itemId: String
    /// The list's id.
    @ID public var listId: String
    /// What is to be done.
    @Name public var title: String
    /// The item this event creates.
    public static let createdEntityField: String? = "itemId"
    /// `item-⟨itemId⟩`.
    public var stream: String { TodoStreams.item(itemId) }
    /// An `ItemAdded` event.
    public init(itemId: String, listId: String, title: String) { self.itemId = itemId; self.listId = listId; self.title = title }
}
// DOC-SNIPPET-END

/// A live item of a list is done.
public struct ItemCompleted: DomainEvent {
    /// The item's id.
    @ID public var itemId: String
    /// The list's id.
    @ID public var listId: String
    /// `item-⟨itemId⟩`.
    public var stream: String { TodoStreams.item(itemId) }
    /// An `ItemCompleted` event.
    public init(itemId: String, listId: String) { self.itemId = itemId; self.listId = listId }
}

/// The streams of lists and items.
enum TodoStreams {
    static func list(_ listId: String) -> String { "list-\(listId)" }
    static func item(_ itemId: String) -> String { "item-\(itemId)" }
}
