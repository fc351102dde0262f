import EventLedger

/// The to-do domain: lists of things to do, their `todo` read model and its query `lists`; every commit can be undone.
public struct TodoDomain: LedgerDomain {
    /// The to-do domain.
    public init() {}
    /// Each event type, by the case of `TodoEvent` carrying it.
    public let events = [
        EventCase(TodoEvent.listCreated), EventCase(TodoEvent.listDeleted), EventCase(TodoEvent.itemAdded), EventCase(TodoEvent.itemCompleted),
    ]
    /// Every table `apply` and the queries use, lists before the items that refer to them, and the version of what they hold (2: entities with indexes).
    public let tables: [any DeclaredTable] = [TodoTables.lists, TodoTables.items], readModelVersion = 2
    /// `lists`: `TodoListSummary.all(in:)` as JSON (`--json`) and as a table.
    public let queries = [
        QueryDefinition(name: "lists", summary: "live lists by name, with their item counts") { _, readModel in
            try QueryResult(rows: TodoListSummary.all(in: readModel), columns: [QueryColumn("completed", heading: "DONE")])
        }
    ]

    /// Checks the rules: an item is completed on its own list and goes to a live list (imports
    /// accept one not yet known). Only live lists and items are deleted or completed: their
    /// events require it. The index `by-name` keeps names unique.
    public func check(_ event: TodoEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .listCreated, .listDeleted: break
        case .itemAdded(let added):
            guard mode == .strict else { return }
            try readModel.requireLive(TodoTables.lists, added.listId, kind: "list")
        case .itemCompleted(let completed):
            let item = try readModel.row(TodoTables.items, completed.itemId)
            guard item?.listId == completed.listId else { throw LedgerError.rule("item must exist", entity: completed.stream) }
        }
    }

    /// Folds an event into the `todo` read model. Deleting a live list deletes its live items,
    /// each linked to the deletion so that its history shows it (and undo brings it back).
    public func apply(_ event: TodoEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .listCreated(let created):
            try readModel.set(TodoTables.lists, created.listId, ListRow(name: created.name))
        case .listDeleted(let deleted):
            guard try readModel.updateLive(TodoTables.lists, deleted.listId, { $0.isDeleted = true }) else { return }
            try readModel.updateMembers(of: deleted.listId, in: TodoTables.items, listedBy: TodoTables.byList, linking: context) {
                $0.isDeleted = true
            }
        case .itemAdded(let added):
            try readModel.set(TodoTables.items, added.itemId, ItemRow(listId: added.listId, title: added.title))
        case .itemCompleted(let completed):
            try readModel.updateLive(TodoTables.items, completed.itemId) { $0.isCompleted = true }
        }
    }
}

/// The to-do domain's events, one case per event type: `check` and `apply` switch over them, and the compiler makes them handle every one.
public enum TodoEvent: Sendable {
    case listCreated(ListCreated), listDeleted(ListDeleted), itemAdded(ItemAdded), itemCompleted(ItemCompleted)
}
