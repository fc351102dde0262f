import EventLedger
import Testing
import TodoList

/// The to-do domain on a ledger file: a list's deletion in its items' histories, and the
/// lists as a table.
@Suite struct TodoLedgerTests {
    @Test func aListsDeletionShowsInItsItemsHistoriesAndTheListsShowAsATable() throws {
        try TodoContractTests.scenario.withLedger { ledger in
            #expect(try ledger.history(of: "item-dishes").map(\.type) == ["ItemAdded", "ItemCompleted", "ListDeleted"])
            let lists = try ledger.query("lists")
            #expect(lists.columns == ["LIST ID", "NAME", "ITEMS", "DONE"])
            #expect(lists.rows == [["garden", "Garden", "1", "0"], ["chores", "HOME", "0", "0"], ["work", "work", "0", "0"]])
        }
    }
}
