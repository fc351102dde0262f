import EventLedger
import LedgerDomainContract
import Testing
import TodoList

/// The to-do domain keeps the domain contract: lists with items, completed, deleted with their
/// items, names unique ignoring case among live lists, and an import with an item before its list.
@Suite struct TodoContractTests {
    // DOC-SNIPPET-BEGIN WritingADomain
    static let scenario = DomainScenario(TodoDomain(), queries: [CheckedQuery("lists")])
        .committing(
            ListCreated(listId: "home", name: "Home"), ListCreated(listId: "work", name: "work"),
            ItemAdded(itemId: "dishes", listId: "home", title: "Dishes"), ItemAdded(itemId: "laundry", listId: "home", title: "Laundry")
        )
        .refusing(
            ListCreated(listId: "chores", name: "HOME"), rule: "list name must be unique", entity: #"list-chores ("Home" is taken by list-home)"#
        )
        .refusing(ItemAdded(itemId: "weeds", listId: "garden", title: "Weeds"), rule: "list must exist", entity: "list-garden")
        .committing(ItemCompleted(itemId: "dishes", listId: "home"))
        .expecting(
            CheckedQuery("lists"),
            #"[{"completed":1,"items":2,"listId":"home","name":"Home"},{"completed":0,"items":0,"listId":"work","name":"work"}]"#
        )
        .committing(ListDeleted(listId: "home"))
        .refusing(ItemCompleted(itemId: "laundry", listId: "home"), rule: "item must not be deleted", entity: "item-laundry")
        // DOC-SNIPPET-END
        .refusing(ItemCompleted(itemId: "weeds", listId: "garden"), rule: "item must exist", entity: "item-weeds")
        .refusing(ListDeleted(listId: "garden"), rule: "list must exist", entity: "list-garden")
        .refusing(ListDeleted(listId: "home"), rule: "list must not be deleted", entity: "list-home")
        .refusing(ListCreated(listId: "home", name: "Home"), rule: "id must be new", entity: "list-home")
        .refusing(ItemAdded(itemId: "dishes", listId: "work", title: "Dishes"), rule: "id must be new", entity: "item-dishes")
        // A deleted list's name is free again.
        .committing(ListCreated(listId: "chores", name: "HOME"))
        // An import: an item before its list, which arrives in the same commit.
        .committing(
            ItemAdded(itemId: "weeds", listId: "garden", title: "Weeds"), ListCreated(listId: "garden", name: "Garden"), mode: .importing
        )
        .expecting(
            CheckedQuery("lists"),
            #"[{"completed":0,"items":1,"listId":"garden","name":"Garden"},{"completed":0,"items":0,"listId":"chores","name":"HOME"},"#
                + #"{"completed":0,"items":0,"listId":"work","name":"work"}]"#
        )

    // DOC-SNIPPET-BEGIN WritingADomain
    @Test(arguments: ContractClause.allCases)
    func theToDoDomainKeepsTheDomainContract(_ clause: ContractClause) throws {
        try Self.scenario.check(clause)
    }
    // DOC-SNIPPET-END

    @Test func theStoryTellsEveryEventType() {
        #expect(Self.scenario.committedEventTypes == Set(TodoDomain().events.map(\.typeName)))
    }
}
