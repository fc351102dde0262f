import EventLedger

extension TodoDomain {
    /// Folds an event into the `todo` read model. Deleting a list deletes its live items,
    /// each linked to the deletion so that its history shows it.
    public func apply(_ event: TodoEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .listCreated(let created):
            try save(ListRow(listId: created.listId, name: created.name), in: readModel)
        case .listRenamed(let renamed):
            try update(list: renamed.listId, in: readModel) { $0.name = renamed.name }
        case .listDeleted(let deleted):
            try update(list: deleted.listId, in: readModel) { $0.isDeleted = true }
            for item in try readModel.rows(TodoTables.listItems, prefix: deleted.listId) {
                try update(item: item.row.itemId, in: readModel) { $0.isDeleted = true }
                try context.link(stream: TodoStreams.item(item.row.itemId))
            }
        case .itemAdded(let added):
            try save(ItemRow(itemId: added.itemId, listId: added.listId, title: added.title), in: readModel)
        case .itemCompleted(let completed):
            try update(item: completed.itemId, in: readModel) { $0.isCompleted = true }
        case .itemRemoved(let removed):
            try update(item: removed.itemId, in: readModel) { $0.isDeleted = true }
        }
    }

    /// Changes a live list (nothing when there is none) and files it under its new name.
    private func update(list listId: String, in readModel: ReadModelWriter, _ change: (inout ListRow) -> Void) throws(LedgerError) {
        guard var list = try readModel.liveRow(TodoTables.lists, listId) else { return }
        try readModel.remove(TodoTables.listNames, ListNameKey(nameOrder: NameOrder.key(list.name), listId: listId))
        change(&list)
        try save(list, in: readModel)
    }

    /// Stores a list, and its name in `listNames` while it is live.
    private func save(_ list: ListRow, in readModel: ReadModelWriter) throws(LedgerError) {
        try readModel.set(TodoTables.lists, list.listId, list)
        guard !list.isDeleted else { return }
        try readModel.set(TodoTables.listNames, ListNameKey(nameOrder: NameOrder.key(list.name), listId: list.listId), list.name)
    }

    /// Changes a live item (nothing when there is none).
    private func update(item itemId: String, in readModel: ReadModelWriter, _ change: (inout ItemRow) -> Void) throws(LedgerError) {
        guard var item = try readModel.liveRow(TodoTables.items, itemId) else { return }
        change(&item)
        try save(item, in: readModel)
    }

    /// Stores an item, and in its list's `listItems` while it is live.
    private func save(_ item: ItemRow, in readModel: ReadModelWriter) throws(LedgerError) {
        try readModel.set(TodoTables.items, item.itemId, item)
        let key = ListItemKey(listId: item.listId, titleOrder: NameOrder.key(item.title), itemId: item.itemId)
        try item.isDeleted ? readModel.remove(TodoTables.listItems, key) : readModel.set(TodoTables.listItems, key, item)
    }
}
