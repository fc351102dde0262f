import EventLedger

// DOC-SNIPPET-BEGIN WritingADomain
/// The to-do domain: lists of things to do, and the `todo` read model with its query `lists`.
public struct TodoDomain: LedgerDomain {
    /// The to-do domain.
    public init() {}
    /// The name its tables are filed under.
    public let readModelName = TodoTables.readModel
    /// Each event type with the case of `TodoEvent` carrying it.
    public let events = [
        EventCase(ListCreated.self, as: TodoEvent.listCreated), EventCase(ListDeleted.self, as: TodoEvent.listDeleted),
        EventCase(ItemAdded.self, as: TodoEvent.itemAdded), EventCase(ItemCompleted.self, as: TodoEvent.itemCompleted),
    ]
    /// Every table `apply` and the queries use.
    public let tables: [any DeclaredTable] = [TodoTables.lists, TodoTables.listNames, TodoTables.items]
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
