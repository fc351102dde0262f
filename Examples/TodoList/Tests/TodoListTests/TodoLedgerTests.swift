import EventLedger
import Foundation
import Testing
import TodoList

/// The to-do domain on a ledger file: its query now and in the past, a deletion's history,
/// and a file that verifies.
@Suite struct TodoLedgerTests {
    @Test func theDomainRunsOnALedgerWithItsQueryAndThePastForFree() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("todo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let ledger = try Ledger(path: directory.appendingPathComponent("todo.lmdb").path, domains: [TodoDomain()])
        try ledger.append(ListCreated(listId: "home", name: " Home "))
        try ledger.append(ItemAdded(itemId: "dishes", listId: "home", title: "Dishes"))
        try ledger.append(ItemCompleted(itemId: "dishes", listId: "home"))
        let beforeWork = try ledger.head().position
        try ledger.append(ListCreated(listId: "work", name: "work"))
        try ledger.append(ListDeleted(listId: "home"))

        #expect(try ledger.read { try TodoQueries.lists(in: $0) }.map(\.listId) == ["work"])
        let before = try ledger.read(asOf: .position(beforeWork)) { try TodoQueries.lists(in: $0) }
        #expect(before.map { "\($0.listId) \($0.name) \($0.items) \($0.completed)" } == ["home Home 1 1"])
        #expect(try ledger.query("lists").rows == [["work", "work", "0", "0"]])
        #expect(try ledger.history(of: "item-dishes").map(\.type) == ["ItemAdded", "ItemCompleted", "ListDeleted"])
        #expect(try ledger.verify().isIntact)
    }
}
