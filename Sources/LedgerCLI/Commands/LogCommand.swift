import EventLedger

/// `ledger log [--from P] [--to P] [--stream S] [--type T] [--limit N] [--json]`.
enum LogCommand {
    static let command = Command(
        name: "log",
        summary: "print events of the log",
        help: """
            usage: ledger log [--from P] [--to P] [--stream S] [--type T] [--limit N] [--json]

            Prints the log's events in position order, as a table or, with --json, as
            NDJSON envelopes (one per line).
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
        let filter = LogFilter(
            from: try arguments.value("from").map { try positiveNumber($0, option: "from") } ?? 1,
            to: try arguments.value("to").map { try positiveNumber($0, option: "to") },
            stream: arguments.value("stream"),
            type: arguments.value("type"),
            limit: try arguments.value("limit").map { Int(try positiveNumber($0, option: "limit")) }
        )
        let ledger = try context.openLedger(.read)
        var printer = EventPrinter(output: context.output, json: context.json)
        try ledger.forEachEvent(filter) { event in
            try printer.add(event)
            return true
        }
        try printer.finish()
    }
}

/// Parses a number option value (1 … 2^63-1); `.invalidInput` naming the option otherwise.
func positiveNumber(_ text: String, option: String) throws -> UInt64 {
    guard let value = countingNumber(text) else {
        throw LedgerError(.invalidInput, "--\(option): expected a whole number from 1 to \(Int64.max), got \"\(text)\"")
    }
    return value
}
