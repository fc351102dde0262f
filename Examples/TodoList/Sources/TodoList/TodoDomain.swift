import EventLedger

// DOC-SNIPPET-BEGIN WritingADomain
/// The to-do domain: lists of things to do, and the `todo` read model with its query `lists`.
/// Every commit can be undone: its tables hold entities.
public struct TodoDomain: LedgerDomain {
    /// The to-do domain.
    public init() {}
    /// The name its tables are filed under.
    public let readModelName = TodoTables.readModel
    /// Version 2 keeps lists and items as entities with declared indexes.
    public let readModelVersion = 2
    /// Each event type, by the case of `TodoEvent` carrying it.
    public let events = [
        EventCase(TodoEvent.listCreated), EventCase(TodoEvent.listDeleted),
        EventCase(TodoEvent.itemAdded), EventCase(TodoEvent.itemCompleted),
    ]
    /// Every table `apply` and the queries use, lists before the items that refer to them.
    public let tables: [any DeclaredTable] = [TodoTables.lists, TodoTables.items]
    /// `lists`.
    public let queries = [TodoQueries.listsQuery]
}

/// The events of the to-do domain, one case per event type: `check` and `apply` switch
/// over them, and the compiler makes them handle every one.
public enum TodoEvent: Sendable {
    /// A list's life.
    case listCreated(ListCreated), listDeleted(ListDeleted)
    /// An item's life.
    case itemAdded(ItemAdded), itemCompleted(ItemCompleted)
}
// DOC-SNIPPET-END
