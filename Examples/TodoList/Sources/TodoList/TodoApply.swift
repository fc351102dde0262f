import EventLedger

extension TodoDomain {
    /// Folds an event into the `todo` read model. Deleting a list deletes its live items,
    /// each linked to the deletion so that its history shows it.
    public func apply(_ event: TodoEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .listCreated(let created):
            try readModel.set(TodoTables.lists, created.listId, ListRow(name: created.name))
            try readModel.set(TodoTables.listNames, NameOrderKey(name: created.name, id: created.listId), created.name)
        // DOC-SNIPPET-BEGIN WritingADomain
        case .listDeleted(let deleted):
            guard let list = try readModel.liveRow(TodoTables.lists, deleted.listId) else { return }
            try readModel.remove(TodoTables.listNames, NameOrderKey(name: list.name, id: deleted.listId))
            try readModel.set(TodoTables.lists, deleted.listId, ListRow(name: list.name, isDeleted: true))
            for var item in try readModel.liveRows(TodoTables.items, prefix: deleted.listId) {
                item.row.isDeleted = true
                try readModel.set(TodoTables.items, item.key, item.row)
                try context.link(stream: TodoStreams.item(item.key.itemId))
            }
        // DOC-SNIPPET-END
        case .itemAdded(let added):
            try readModel.set(TodoTables.items, ItemKey(listId: added.listId, itemId: added.itemId), ItemRow(title: added.title))
        case .itemCompleted(let completed):
            let key = ItemKey(listId: completed.listId, itemId: completed.itemId)
            guard var item = try readModel.liveRow(TodoTables.items, key) else { return }
            item.isCompleted = true
            try readModel.set(TodoTables.items, key, item)
        }
    }
}
