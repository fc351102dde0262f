import EventLedger
import Testing
import TodoList

/// The to-do domain's events folded in memory: a name taken, a cascade's links.
@Suite struct TodoDomainTests {
    @Test func aListNameIsTakenIgnoringCase() throws {
        // DOC-SNIPPET-BEGIN WritingADomain
        let model = InMemoryReadModel(TodoDomain())
        try model.append(ListCreated(listId: "home", name: "Home"))
        #expect(throws: LedgerError.rule("list name must be unique", entity: "list-chores (\"Home\" is taken by list-home)")) {
            try model.append(ListCreated(listId: "chores", name: "HOME"))
        }
        // DOC-SNIPPET-END
        #expect(try TodoListSummary.all(in: model.reader).map(\.name) == ["Home"])
    }

    @Test func deletingAListLinksItsItems() throws {
        let model = InMemoryReadModel(TodoDomain())
        try model.append(ListCreated(listId: "home", name: "Home"))
        try model.append(ItemAdded(itemId: "dishes", listId: "home", title: "Dishes"))
        try model.append(ItemAdded(itemId: "laundry", listId: "home", title: "Laundry"))
        #expect(try model.append(ListDeleted(listId: "home")) == ["item-dishes", "item-laundry"])
    }
}
