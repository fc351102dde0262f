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

    /// Checks the rules: only live lists and items are deleted or completed, items go to a
    /// live list (imports accept one not yet known). The index `by-name` keeps names unique.
    public func check(_ event: TodoEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .listCreated: break
        case .listDeleted(let deleted):
            try readModel.requireLive(TodoTables.lists, deleted.listId, kind: "list", stream: deleted.stream)
        case .itemAdded(let added):
            guard mode == .strict else { return }
            try readModel.requireLive(TodoTables.lists, added.listId, kind: "list", stream: TodoTables.lists.stream(of: added.listId))
        case .itemCompleted(let completed):
            let item = try readModel.requireLive(TodoTables.items, completed.itemId, kind: "item", stream: completed.stream)
            guard item.listId == completed.listId else { throw LedgerError.rule("item must exist", entity: completed.stream) }
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
            for var item in try readModel.rows(TodoTables.items, index: TodoTables.byList, prefix: deleted.listId) {
                item.row.isDeleted = true
                try readModel.set(TodoTables.items, item.key, item.row)
                try context.link(stream: TodoTables.items.stream(of: item.key))
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
