import EventLedger

extension TodoDomain {
    /// Folds an event into the `todo` read model. Deleting a list deletes its live items,
    /// each linked to the deletion so that its history shows it (and undo brings it back).
    public func apply(_ event: TodoEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .listCreated(let created):
            try readModel.set(TodoTables.lists, created.listId, ListRow(name: created.name))
        // DOC-SNIPPET-BEGIN WritingADomain
        case .listDeleted(let deleted):
            guard let list = try readModel.liveRow(TodoTables.lists, deleted.listId) else { return }
            try readModel.set(TodoTables.lists, deleted.listId, ListRow(name: list.name, isDeleted: true))
            for var item in try readModel.rows(TodoTables.items, index: TodoTables.byList, prefix: deleted.listId) {
                item.row.isDeleted = true
                try readModel.set(TodoTables.items, item.key, item.row)
                try context.link(stream: TodoTables.items.stream(of: item.key))
            }
        // DOC-SNIPPET-END
        case .itemAdded(let added):
            try readModel.set(TodoTables.items, added.itemId, ItemRow(listId: added.listId, title: added.title))
        case .itemCompleted(let completed):
            guard var item = try readModel.liveRow(TodoTables.items, completed.itemId) else { return }
            item.isCompleted = true
            try readModel.set(TodoTables.items, completed.itemId, item)
        }
    }
}
