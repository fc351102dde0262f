import EventLedger

/// `ledger log [--from P] [--to P] [--stream S] [--type T] [--limit N] [--json]`.
enum LogCommand {
    static let command = Command(
        name: "log",
        summary: "print events of the log",
        help: """
            usage: ledger log [--from P] [--to P] [--stream S] [--type T] [--limit N] [--json]

            Prints the log's events in position order, as a table or, with --json, as
            NDJSON envelopes (one per line). A replica's pending commits follow, marked
            pending and without positions (`"pending": N` in --json), unless --to is given.
              --from P     first position (default 1)
              --to P       last position (default: the end)
              --stream S   only events of stream S
              --type T     only events of type T
              --limit N    at most N events
            """,
        options: OptionSpec(flags: ["json"], valued: ["from", "to", "stream", "type", "limit"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        try arguments.requirePositionals([], command: "log")
        var filter = try LogFilter(positionsIn: arguments)
        (filter.stream, filter.type) = (arguments.value("stream"), arguments.value("type"))
        filter.limit = try arguments.number("limit").map { Int($0) }
        let ledger = try context.openLedger(.read)
        var printer = EventPrinter(output: context.output, json: context.json)
        var remaining = filter.limit ?? Int.max
        try ledger.forEachEvent(filter) { event in
            try printer.add(event)
            remaining -= 1
            return true
        }
        if arguments.value("to") == nil {
            for commit in try ledger.pendingCommits() {
                try printer.add(pending: commit) { stream, type in
                    guard remaining > 0, filter.stream.map({ $0 == stream }) ?? true, filter.type.map({ $0 == type }) ?? true else { return false }
                    remaining -= 1
                    return true
                }
            }
        }
        try printer.finish()
    }
}
