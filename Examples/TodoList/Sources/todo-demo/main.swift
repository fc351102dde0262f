import EventLedger
import Foundation
import TodoList

/// Prints what the demo sees, and remembers whether anything differed from what it expected.
struct Checks {
    private(set) var failures = 0

    /// Prints `what` with the value seen, and `MISMATCH` with the expected one when they differ.
    mutating func expect<Value: Equatable>(_ what: String, _ seen: Value, _ expected: Value) {
        print(seen == expected ? "ok    \(what): \(seen)" : "MISMATCH \(what): \(seen), expected \(expected)")
        if seen != expected { failures += 1 }
    }
}

/// The names of the live lists, and each one's items done out of all.
func lists(_ readModel: ReadModelReader) throws -> [String] {
    try TodoListSummary.all(in: readModel).map { "\($0.name) \($0.completed)/\($0.items)" }
}

/// The rule `ledger` refused `event` for, or "appended".
func refusal(of event: some DomainEvent, by ledger: Ledger) -> String {
    do {
        try ledger.append(event)
        return "appended"
    } catch {
        return error.rule ?? "\(error)"
    }
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("todo-demo-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let ledger = try Ledger(path: directory.appendingPathComponent("todo.lmdb").path, domains: [TodoDomain()])
var checks = Checks()

// Appends: each event checked by the domain's rules, folded into the read model in the same commit.
try ledger.append(ListCreated(listId: "home", name: "Home"))
try ledger.append([
    PendingEvent(ItemAdded(itemId: "dishes", listId: "home", title: "Dishes")),
    PendingEvent(ItemAdded(itemId: "laundry", listId: "home", title: "Laundry")),
])
let beforeWork = try ledger.head().position
try ledger.append(ListCreated(listId: "work", name: "Work"))
try ledger.append(ItemCompleted(itemId: "dishes", listId: "home"))
checks.expect("lists", try ledger.read(lists), ["Home 1/2", "Work 0/0"])

// A rule: list names are unique among live lists, ignoring case.
checks.expect(
    "a second list called HOME", refusal(of: ListCreated(listId: "chores", name: "HOME"), by: ledger),
    "list name must be unique")

// A form session: staged events are checked and previewed, then committed as one commit or discarded.
let errands = try ledger.beginSession(name: "Errands")
try errands.stage(ItemAdded(itemId: "stamps", listId: "work", title: "Buy stamps"))
try errands.stage(ItemCompleted(itemId: "laundry", listId: "home"))
checks.expect("preview of the session", try errands.preview(lists), ["Home 2/2", "Work 0/1"])
checks.expect("lists while the session is open", try ledger.read(lists), ["Home 1/2", "Work 0/0"])
try errands.discard()
checks.expect("lists after discarding it", try ledger.read(lists), ["Home 1/2", "Work 0/0"])
let adding = try ledger.beginSession()
try adding.stage(ItemAdded(itemId: "stamps", listId: "work", title: "Buy stamps"))
let committed = try adding.commit()
checks.expect("positions of the session's commit", committed.positions, [6])
checks.expect("lists after committing it", try ledger.read(lists), ["Home 1/2", "Work 0/1"])

// A cascade: deleting a list deletes its items, and each item's history shows the deletion.
try ledger.append(ListDeleted(listId: "home"))
checks.expect("lists after deleting Home", try ledger.read(lists), ["Work 0/1"])
checks.expect(
    "completing laundry then", refusal(of: ItemCompleted(itemId: "laundry", listId: "home"), by: ledger),
    "item must not be deleted")
checks.expect("history of item-laundry", try ledger.history(of: "item-laundry").map(\.type), ["ItemAdded", "ListDeleted"])

// Time travel: the read model as it was at an earlier position, read from stored row versions.
checks.expect("lists as of position \(beforeWork)", try ledger.read(asOf: .position(beforeWork), lists), ["Home 0/2"])

// A live query: the lists now, then again after each commit that changes them, from any
// process. The commits are watched once `observe` returns, so the one right after it is seen.
let liveLists = try await ledger.observe { reader in try lists(reader) }
try ledger.append(ItemCompleted(itemId: "stamps", listId: "work"))
var listsSeen: [[String]] = []
for try await seen in liveLists {
    listsSeen.append(seen)
    if listsSeen.count == 2 { break }
}
checks.expect("live lists, then after completing stamps", listsSeen, [["Work 0/1"], ["Work 1/1"]])

// The ledger checks its own log, hash chain and read models.
checks.expect("verify", try ledger.verify().isIntact, true)

try FileManager.default.removeItem(at: directory)
print(checks.failures == 0 ? "todo-demo: all as expected" : "todo-demo: \(checks.failures) mismatches")
exit(checks.failures == 0 ? 0 : 1)
