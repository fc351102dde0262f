import EventLedger
import Testing
import TodoList

/// The to-do domain's rules and read model, its events folded in memory.
@Suite struct TodoDomainTests {
    /// The lists Home (dishes, done, and laundry) and work, folded in memory.
    private func homeAndWork() throws -> InMemoryReadModel<TodoDomain> {
        let model = InMemoryReadModel(TodoDomain())
        try model.append(ListCreated(listId: "work", name: "work"))
        try model.append(ListCreated(listId: "home", name: "Home"))
        try model.append(ItemAdded(itemId: "dishes", listId: "home", title: "Dishes"))
        try model.append(ItemAdded(itemId: "laundry", listId: "home", title: "Laundry"))
        try model.append(ItemCompleted(itemId: "dishes", listId: "home"))
        return model
    }

    @Test func listsShowInNameOrderIgnoringCaseWithTheirItemCounts() throws {
        let lists = try TodoQueries.lists(in: homeAndWork().reader)
        #expect(lists.map(\.name) == ["Home", "work"])
        #expect(lists.map(\.items) == [2, 0])
        #expect(lists.map(\.completed) == [1, 0])
    }

    @Test func aListNameIsTakenIgnoringCase() throws {
        // DOC-SNIPPET-BEGIN WritingADomain
        let model = InMemoryReadModel(TodoDomain())
        try model.append(ListCreated(listId: "home", name: "Home"))
        #expect(throws: LedgerError.rule("list name must be unique", entity: "list-chores (\"Home\" is taken by list-home)")) {
            try model.append(ListCreated(listId: "chores", name: "HOME"))
        }
        // DOC-SNIPPET-END
        #expect(try TodoQueries.lists(in: model.reader).map(\.name) == ["Home"])
    }

    @Test func aListNameIsUniqueIgnoringCaseAmongLiveLists() throws {
        let model = try homeAndWork()
        #expect(throws: LedgerError.rule("list name must be unique", entity: "list-chores (\"Home\" is taken by list-home)")) {
            try model.append(ListCreated(listId: "chores", name: "HOME"))
        }
        try model.append(ListDeleted(listId: "home"))
        try model.append(ListCreated(listId: "chores", name: "HOME"))
        #expect(try TodoQueries.lists(in: model.reader).map(\.listId) == ["chores", "work"])
    }

    @Test func deletingAListDeletesItsItems() throws {
        let model = try homeAndWork()
        #expect(try model.append(ListDeleted(listId: "home")) == ["item-dishes", "item-laundry"])
        #expect(try TodoQueries.lists(in: model.reader).map(\.listId) == ["work"])
        #expect(throws: LedgerError.rule("item must not be deleted", entity: "item-laundry")) {
            try model.append(ItemCompleted(itemId: "laundry", listId: "home"))
        }
        #expect(throws: LedgerError.rule("list must not be deleted", entity: "list-home")) {
            try model.append(ListDeleted(listId: "home"))
        }
    }

    @Test func itemsGoToALiveListUnlessImported() throws {
        let model = try homeAndWork()
        #expect(throws: LedgerError.rule("list must exist", entity: "list-garden")) {
            try model.append(ItemAdded(itemId: "weeds", listId: "garden", title: "Weeds"))
        }
        #expect(throws: LedgerError.rule("item must exist", entity: "item-weeds")) {
            try model.append(ItemCompleted(itemId: "weeds", listId: "garden"))
        }
        try model.append(ItemAdded(itemId: "weeds", listId: "garden", title: "Weeds"), mode: .importing)
        try model.append(ListCreated(listId: "garden", name: "Garden"), mode: .importing)
        #expect(try TodoQueries.lists(in: model.reader).first?.items == 1)
    }
}
