import EventLedger

/// `ledger history STREAM [--json]`.
enum HistoryCommand {
    static let command = Command(
        name: "history",
        summary: "print one stream's events",
        help: """
            usage: ledger history STREAM [--json]

            Prints the events of STREAM (a stream as `ledger log` shows it), oldest first,
            including events of other streams that affected it (a deletion that cascaded to
            it). With --json, NDJSON envelopes. A stream that does not exist exits 1.
            """,
        options: OptionSpec(flags: ["json"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals(["STREAM"], command: "history")
        let ledger = try context.openLedger(.read)
        var printer = EventPrinter(output: context.output, json: context.json)
        for event in try ledger.history(of: context.arguments.positionals[0]) { try printer.add(event) }
        try printer.finish()
    }
}
