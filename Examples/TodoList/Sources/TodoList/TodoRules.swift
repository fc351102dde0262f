import EventLedger

extension TodoDomain {
    /// Checks the rules: only live lists and items are deleted or completed, items go to a
    /// live list (imports accept one not yet known). The index `by-name` keeps names unique.
    public func check(_ event: TodoEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        // DOC-SNIPPET-BEGIN WritingADomain
        case .listCreated:
            break
        case .listDeleted(let deleted):
            try readModel.requireLive(TodoTables.lists, deleted.listId, kind: "list", stream: deleted.stream)
        // DOC-SNIPPET-END
        case .itemAdded(let added):
            guard mode == .strict else { return }
            try readModel.requireLive(TodoTables.lists, added.listId, kind: "list", stream: TodoTables.lists.stream(of: added.listId))
        case .itemCompleted(let completed):
            let item = try readModel.requireLive(TodoTables.items, completed.itemId, kind: "item", stream: completed.stream)
            guard item.listId == completed.listId else { throw LedgerError.rule("item must exist", entity: completed.stream) }
        }
    }
}
