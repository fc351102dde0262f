import EventLedger
import LedgerTestSupport
import Testing

/// The examples of WritingADomain.md on the tasks domain: a version 1 payload kept as written
/// and read upcast, and the errors a domain throws.
@Suite struct WritingADomainTests {
    @Test func aVersion1PayloadIsKeptAsWrittenAndReadUpcastAlsoByARebuild() throws {
        try withTemporaryLedger(TasksDomain()) { ledger in
            // DOC-SNIPPET-BEGIN WritingADomain
            let version1: [String: JSONValue] = [
                "taskId": .string("taxes"), "title": .string("Taxes"), "project": .string("HOME"), "due": .int(120),
            ]
            try ledger.append([PendingEvent(type: "TaskScheduled", payload: version1, schemaVersion: 1)])
            let stored = try #require(try ledger.history(of: "task-taxes").first)
            #expect(stored.schemaVersion == 1 && stored.data == .object(version1))
            let current = try ledger.currentEvent(stored, as: TaskEvent.self)
            guard case .scheduled(let task) = current else { throw LedgerError(.invalidInput, "not a TaskScheduled") }
            #expect(task.dueDay == 120 && task.priority == 0)
            // DOC-SNIPPET-END
            let row = #"[{"dueDay":120,"isDeleted":false,"isDone":false,"priority":0,"project":"HOME","title":"Taxes"}]"#
            #expect(try ledger.query("task", .init(argument: "taxes")).json.serializedString() == row)
            try ledger.rebuild()
            #expect(try ledger.query("task", .init(argument: "taxes")).json.serializedString() == row)
            try ledger.append(TaskScheduled(taskId: "fence", title: "Fence", project: "GARDEN", dueDay: 200, priority: 2))
            #expect(try ledger.history(of: "task-fence").map(\.schemaVersion) == [2])
        }
    }

    @Test func eachErrorHasItsKind() throws {
        try withTemporaryLedger(TasksDomain()) { ledger in
            try ledger.append(TaskScheduled(taskId: "taxes", title: "Taxes", project: "HOME", dueDay: 120, priority: 1))
            // DOC-SNIPPET-BEGIN WritingADomain
            let lowercase = try #require(throws: LedgerError.self) {
                try ledger.append(TaskScheduled(taskId: "fence", title: "Fence", project: "garden", dueDay: 200, priority: 0))
            }
            #expect(lowercase.kind == .invalidInput && lowercase.subject == "project")  // exit 4
            let late = try #require(throws: LedgerError.self) {
                try ledger.append(TaskScheduled(taskId: "fence", title: "Fence", project: "GARDEN", dueDay: 400, priority: 0))
            }
            #expect(late.kind == .invalidInput && late.subject == "dueDay")  // exit 4
            try ledger.append(TaskDone(taskId: "taxes"))
            let again = try #require(throws: LedgerError.self) { try ledger.append(TaskDone(taskId: "taxes")) }
            #expect(again.kind == .ruleViolation && again.rule == "a task is done once" && again.subject == "task-taxes")  // exit 1
            let missing = try #require(throws: LedgerError.self) { try ledger.query("task", .init(argument: "fence")) }
            #expect(missing.kind == .notFound && missing.subject == "task-fence")  // exit 1
            let unlisted = try #require(throws: LedgerError.self) { try ledger.append(TaskArchived(taskId: "taxes")) }
            #expect(unlisted.kind == .invalidInput && unlisted.subject == "TaskArchived")  // exit 4
            // DOC-SNIPPET-END
            #expect(unlisted.message.contains(#"unknown event type "TaskArchived""#), "\(unlisted)")
            #expect(try ledger.history(of: "task-taxes").map(\.type) == ["TaskScheduled", "TaskDone"])
        }
    }
}
