import EventLedger

// The tasks domain of the article WritingADomain.md: what the to-do example, whose files the
// article shows whole, does not need (a rule of a text field, a schema version raised with
// its upcaster, the errors a domain throws), run by WritingADomainTests;
// DocumentationSnippetTests checks that the article shows exactly the code between the markers.

// DOC-SNIPPET-BEGIN WritingADomain
/// A project code: 2 to 8 capital letters or digits, e.g. `TAX2026`.
enum ProjectCode: TextFieldRule {
    static func checked(_ text: String, field: @autoclosure () -> String) throws(LedgerError) -> String {
        guard (2...8).contains(text.count), text.allSatisfy({ $0.isASCII && ($0.isUppercase || $0.isNumber) }) else {
            throw LedgerError.invalidField(field(), "expected 2 to 8 capital letters or digits")
        }
        return text
    }
}

/// A task is scheduled for a day of the year. Schema version 1 called the day `due` and had
/// no priority; version 2 names it `dueDay` and adds `priority`, from 0 (none) to 3.
struct TaskScheduled: EntityEvent {
    static let entity = EventEntity(TaskTables.tasks, id: \Self.taskId), createdEntityField: String? = "taskId"
    /// One upcaster per earlier version: version 1's payload as version 2 reads it.
    static let upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] = [
        { version1 in
            var payload = version1
            payload["dueDay"] = payload.removeValue(forKey: "due")
            payload["priority"] = .int(0)
            return payload
        }
    ]
    @ID var taskId: String
    @Name var title: String
    @CheckedText<ProjectCode> var project: String
    var dueDay: Int
    var priority: Int

    /// What the field types do not check.
    func validate() throws(LedgerError) {
        try FieldRules.require(dueDay, in: 1...366, field: "dueDay")
        try FieldRules.require(priority, in: 0...3, field: "priority")
    }
}
// DOC-SNIPPET-END

/// A scheduled task is done.
struct TaskDone: EntityEvent {
    static let entity = EventEntity(TaskTables.tasks, id: \Self.taskId)
    @ID var taskId: String
}

/// A task is archived: an event type the tasks domain does not list.
struct TaskArchived: EntityEvent {
    static let entity = EventEntity(TaskTables.tasks, id: \Self.taskId)
    @ID var taskId: String
}

/// A task, kept when done.
struct TaskRow: EntityRow {
    var title: String, project: String, dueDay: Int, priority: Int
    var isDone = false, isDeleted = false
}

/// The table of the `tasks` read model.
enum TaskTables {
    /// taskId → every task scheduled; the streams of tasks are `task-⟨taskId⟩`.
    static let tasks = ReadModelTable<String, TaskRow>(readModel: "tasks", name: "tasks", entityStream: "task-")
}

/// The events of the tasks domain.
enum TaskEvent: Sendable {
    case scheduled(TaskScheduled), done(TaskDone)
}

/// Tasks scheduled and done, and the query `task TASK`.
struct TasksDomain: LedgerDomain {
    let events = [EventCase(TaskEvent.scheduled), EventCase(TaskEvent.done)]
    let tables: [any DeclaredTable] = [TaskTables.tasks]
    // DOC-SNIPPET-BEGIN WritingADomain
    /// `task TASK`: the task, or `.notFound` when there is none.
    let queries = [
        QueryDefinition(name: "task", argumentName: "TASK", summary: "a task, done or not") { taskId, _, readModel in
            guard let task = try readModel.row(TaskTables.tasks, taskId) else {
                throw LedgerError(.notFound, "task \"\(taskId)\" does not exist", subject: TaskTables.tasks.stream(of: taskId))
            }
            return try QueryResult(rows: [task])
        }
    ]

    /// A live task is done once.
    func check(_ event: TaskEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .scheduled: break
        case .done(let done):
            let task = try readModel.requireLive(TaskTables.tasks, done.taskId, kind: "task", stream: done.stream)
            guard !task.isDone else { throw LedgerError.rule("a task is done once", entity: done.stream) }
        }
    }
    // DOC-SNIPPET-END

    func apply(_ event: TaskEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .scheduled(let scheduled):
            let row = TaskRow(title: scheduled.title, project: scheduled.project, dueDay: scheduled.dueDay, priority: scheduled.priority)
            try readModel.set(TaskTables.tasks, scheduled.taskId, row)
        case .done(let done):
            try readModel.updateLive(TaskTables.tasks, done.taskId) { $0.isDone = true }
        }
    }
}
