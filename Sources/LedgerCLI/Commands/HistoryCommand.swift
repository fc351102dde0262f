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
            it). With --json, NDJSON envelopes. A replica's pending events of STREAM follow,
            marked pending. A stream that does not exist exits 1.
            """,
        options: OptionSpec(flags: ["json"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals(["STREAM"], command: "history")
        let ledger = try context.openLedger(.read)
        let stream = context.arguments.positionals[0]
        let pending = try ledger.pendingCommits().filter { $0.streams.contains(stream) }
        var printer = EventPrinter(output: context.output, json: context.json)
        do {
            for event in try ledger.history(of: stream) { try printer.add(event) }
        } catch let error as LedgerError where error.kind == .notFound && !pending.isEmpty {}
        for commit in pending { try printer.add(pending: commit) { eventStream, _ in eventStream == stream } }
        try printer.finish()
    }
}
