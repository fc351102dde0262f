import EventLedger

/// `ledger session begin|add|undo|show|commit|discard|list`: form sessions.
enum SessionCommand {
    static let command = Command(
        name: "session",
        summary: "stage events in a form session, preview, commit or discard",
        help: """
            usage: ledger session begin [--name TEXT] [--json]   prints the new id alone
                   ledger session add ID TYPE [JSON] [--json]    stage one event (JSON from stdin when absent)
                   ledger session undo ID [--json]               drop the last staged event
                   ledger session show ID [--json]               staged events and the streams they touch
                   ledger session commit ID [--json]             append all staged events as one commit
                   ledger session discard ID
                   ledger session list [--json]
                   ledger query QUERY ... --session ID           a query as if the session were committed

            A session is an uncommitted event batch kept in the ledger file, outside the log.
            Each staged event is checked against the ledger plus the earlier staged events; a
            rejected one is not staged. Commit fails with exit 3, appending nothing and keeping
            the session, if a stream the session touched has moved since it first touched it;
            with exit 1 if a rule is now broken. An unknown session id exits 1. A payload may hold
            at most 1 MiB, as for append. A session name obeys the rules of names: trimmed,
            1-200 characters, no control characters (exit 4 otherwise). Undo drops the last
            staged event, and forgets the version of a stream no staged event touches any more.
            """,
        options: OptionSpec(flags: ["json"], valued: ["name"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        guard let action = arguments.positionals.first else {
            throw UsageError("missing argument ACTION (begin, add, undo, show, commit, discard or list)", command: "session")
        }
        if arguments.value("name") != nil, action != "begin" {
            throw UsageError("option --name applies to session begin only", command: "session")
        }
        switch action {
        case "begin":
            try arguments.requirePositionals(["ACTION"], command: "session")
            let session = try context.openLedger(.write).beginSession(name: arguments.value("name"))
            if context.json { try context.output.json(.object(["session": .string(session.id)])) } else { try context.output.line(session.id) }
        case "add":
            try arguments.requirePositionals(["ACTION", "ID", "TYPE", "JSON"], optional: 1, command: "session")
            let payload = try PayloadInput.object(arguments.positionals.count > 3 ? arguments.positionals[3] : nil, command: "session")
            let session = try context.openLedger(.update).session(arguments.positionals[1])
            let assigned = try session.stage(PendingEvent(type: arguments.positionals[2], payload: payload))
            let count = try session.stagedEventCount()
            if context.json {
                try context.output.json(.object(["staged": .int(Int64(count)), "assigned": .object(assigned.mapValues { .string($0) })]))
            } else {
                try context.output.line("staged \(arguments.positionals[2]) (\(counted(count, "event")) in session)")
                for (field, id) in assigned.sorted(by: { $0.key < $1.key }) { try context.output.line("assigned \(field) \(id)") }
            }
        case "undo":
            try arguments.requirePositionals(["ACTION", "ID"], command: "session")
            let session = try context.openLedger(.update).session(arguments.positionals[1])
            let dropped = try session.undo()
            let count = try session.stagedEventCount()
            if context.json {
                try context.output.json(.object(["staged": .int(Int64(count)), "dropped": dropped.map { .string($0.type) } ?? .null]))
            } else if let dropped {
                try context.output.line("dropped \(dropped.type) (\(counted(count, "event")) in session)")
            } else {
                try context.output.line("nothing to drop: session \(session.id) has no staged events")
            }
        case "show":
            try arguments.requirePositionals(["ACTION", "ID"], command: "session")
            try show(context.openLedger(.read).session(arguments.positionals[1]).info(), context: context)
        case "commit":
            try arguments.requirePositionals(["ACTION", "ID"], command: "session")
            let result = try context.openLedger(.update).session(arguments.positionals[1]).commit()
            try AppendReport.print(result, batch: true, context: context)
        case "discard":
            try arguments.requirePositionals(["ACTION", "ID"], command: "session")
            try context.openLedger(.update).session(arguments.positionals[1]).discard()
            if !context.json { try context.output.line("discarded \(arguments.positionals[1])") }
        case "list":
            try arguments.requirePositionals(["ACTION"], command: "session")
            try list(context.openLedger(.read).sessions(), context: context)
        default:
            throw UsageError("unknown session action \"\(action)\"", command: "session")
        }
    }

    private static func show(_ info: SessionInfo, context: CommandContext) throws {
        if context.json {
            var object = summary(info)
            object["events"] = .array(
                info.events.map { event in
                    .object([
                        "type": .string(event.type), "data": .object(event.payload),
                        "id": event.id.map { .string($0.description) } ?? .null,
                    ])
                })
            object["streams"] = .object(info.streams.mapValues { .int(Int64($0)) })
            try context.output.json(.object(object))
            return
        }
        let name = info.name.map { " \"\(VisibleText($0).text)\"" } ?? ""
        try context.output.line("session \(VisibleText(info.id).text)\(name) begun \(info.createdAt)")
        let rows = info.events.enumerated().map { event in
            [VisibleText(String(event.offset + 1)), VisibleText(event.element.type), VisibleText(json: .object(event.element.payload))]
        }
        for line in TextTable.render(columns: ["#", "TYPE", "DATA"], rows: rows) { try context.output.line(line) }
        let streams = info.streams.sorted { $0.key < $1.key }.map { [$0.key, String($0.value)] }
        for line in TextTable.render(columns: ["STREAM", "VERSION WHEN TOUCHED"], rows: streams) { try context.output.line(line) }
    }

    private static func list(_ sessions: [SessionInfo], context: CommandContext) throws {
        if context.json {
            try context.output.json(.array(sessions.map { .object(summary($0)) }))
            return
        }
        let rows = sessions.map { [$0.id, $0.name ?? "", $0.createdAt.description, String($0.events.count)] }
        for line in TextTable.render(columns: ["SESSION", "NAME", "BEGUN", "EVENTS"], rows: rows) { try context.output.line(line) }
    }

    private static func summary(_ info: SessionInfo) -> [String: JSONValue] {
        [
            "session": .string(info.id), "name": info.name.map { .string($0) } ?? .null,
            "createdAt": .string(info.createdAt.description), "eventCount": .int(Int64(info.events.count)),
        ]
    }
}
