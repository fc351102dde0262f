import EventLedger

extension TodoDomain {
    /// Checks the rules: live lists have unique names ignoring case, only live lists and items
    /// are deleted or completed, items go to a live list (imports accept one not yet known).
    public func check(_ event: TodoEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        // DOC-SNIPPET-BEGIN WritingADomain
        case .listCreated(let created):
            guard let holder = try readModel.rows(TodoTables.listNames, prefix: NameOrder.key(created.name)).first else { return }
            throw LedgerError.rule(
                "list name must be unique",
                entity: "\(created.stream) "
                    + "(\"\(holder.row)\" is taken by \(TodoStreams.list(holder.key.id)))")
        case .listDeleted(let deleted):
            try readModel.requireLive(TodoTables.lists, deleted.listId, kind: "list", stream: deleted.stream)
        // DOC-SNIPPET-END
        case .itemAdded(let added):
            guard mode == .strict else { return }
            try readModel.requireLive(TodoTables.lists, added.listId, kind: "list", stream: TodoStreams.list(added.listId))
        case .itemCompleted(let completed):
            let key = ItemKey(listId: completed.listId, itemId: completed.itemId)
            try readModel.requireLive(TodoTables.items, key, kind: "item", stream: completed.stream)
        }
    }
}
