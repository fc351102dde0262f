import EventLedger

extension TodoDomain {
    /// Checks the rules: edits need a live list or item, list names are unique among live
    /// lists ignoring case, and items go to a live list (imports accept one not yet known).
    public func check(_ event: TodoEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .listCreated(let created):
            try requireUniqueName(created.name, for: created.listId, in: readModel)
        case .listRenamed(let renamed):
            try readModel.requireLive(TodoTables.lists, renamed.listId, kind: "list", stream: renamed.stream)
            try requireUniqueName(renamed.name, for: renamed.listId, in: readModel)
        case .listDeleted(let deleted):
            try readModel.requireLive(TodoTables.lists, deleted.listId, kind: "list", stream: deleted.stream)
        case .itemAdded(let added):
            guard mode == .strict else { return }
            try readModel.requireLive(TodoTables.lists, added.listId, kind: "list", stream: TodoStreams.list(added.listId))
        case .itemCompleted(let completed):
            try readModel.requireLive(TodoTables.items, completed.itemId, kind: "item", stream: completed.stream)
        case .itemRemoved(let removed):
            try readModel.requireLive(TodoTables.items, removed.itemId, kind: "item", stream: removed.stream)
        }
    }

    /// Throws unless no live list other than `listId` holds `name`, ignoring case.
    private func requireUniqueName(_ name: String, for listId: String, in readModel: ReadModelReader) throws(LedgerError) {
        let holders = try readModel.rows(TodoTables.listNames, prefix: NameOrder.key(name))
        guard let holder = holders.first(where: { $0.key.listId != listId }) else { return }
        throw LedgerError.rule("list name must be unique", entity: "\(TodoStreams.list(listId)) "
                               + "(\"\(holder.row)\" is taken by \(TodoStreams.list(holder.key.listId)))")
    }
}
