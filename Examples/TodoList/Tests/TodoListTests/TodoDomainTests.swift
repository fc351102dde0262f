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
        try model.append(ItemCompleted(itemId: "dishes"))
        return model
    }

    @Test func listsShowInNameOrderIgnoringCaseWithTheirItemCounts() throws {
        let model = try homeAndWork()
        let lists = try TodoQueries.lists(in: model.reader)
        #expect(lists.map(\.listId) == ["home", "work"])
        #expect(lists.map(\.items) == [2, 0])
        #expect(lists.map(\.completed) == [1, 0])
        try model.append(ItemRemoved(itemId: "laundry"))
        try model.append(ListRenamed(listId: "work", name: "Errands"))
        #expect(try TodoQueries.lists(in: model.reader).map(\.name) == ["Errands", "Home"])
        #expect(try TodoQueries.lists(in: model.reader).first { $0.listId == "home" }?.items == 1)
    }

    @Test func aListNameIsUniqueIgnoringCaseAmongLiveLists() throws {
        let model = try homeAndWork()
        let taken = LedgerError.rule("list name must be unique", entity: "list-chores (\"Home\" is taken by list-home)")
        #expect(throws: taken) { try model.append(ListCreated(listId: "chores", name: "HOME")) }
        #expect(throws: LedgerError.rule("list name must be unique", entity: "list-work (\"Home\" is taken by list-home)")) {
            try model.append(ListRenamed(listId: "work", name: "home"))
        }
        try model.append(ListRenamed(listId: "home", name: "HOME"))
        try model.append(ListDeleted(listId: "home"))
        try model.append(ListCreated(listId: "chores", name: "Home"))
        #expect(try TodoQueries.lists(in: model.reader).map(\.listId) == ["chores", "work"])
    }

    @Test func deletingAListDeletesItsItems() throws {
        let model = try homeAndWork()
        try model.append(ListDeleted(listId: "home"))
        #expect(try TodoQueries.lists(in: model.reader).map(\.listId) == ["work"])
        #expect(throws: LedgerError.rule("item must not be deleted", entity: "item-laundry")) {
            try model.append(ItemCompleted(itemId: "laundry"))
        }
        #expect(throws: LedgerError.rule("list must not be deleted", entity: "list-home")) {
            try model.append(ItemAdded(itemId: "ironing", listId: "home", title: "Ironing"))
        }
    }

    @Test func itemsGoToALiveListUnlessImported() throws {
        let model = try homeAndWork()
        #expect(throws: LedgerError.rule("list must exist", entity: "list-garden")) {
            try model.append(ItemAdded(itemId: "weeds", listId: "garden", title: "Weeds"))
        }
        #expect(throws: LedgerError.rule("item must exist", entity: "item-weeds")) { try model.append(ItemRemoved(itemId: "weeds")) }
        try model.append(ItemAdded(itemId: "weeds", listId: "garden", title: "Weeds"), mode: .importing)
        try model.append(ListCreated(listId: "garden", name: "Garden"), mode: .importing)
        #expect(try TodoQueries.lists(in: model.reader).first?.items == 1)
    }
}
