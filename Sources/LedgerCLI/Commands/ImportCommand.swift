import EventLedger

/// `ledger import FILE|-`.
enum ImportCommand {
    static let command = Command(
        name: "import",
        summary: "append the events of another ledger's export",
        help: """
        usage: ledger import FILE|- [--json]

        Appends the NDJSON envelopes of another ledger's export, all or nothing: a bad
        line appends nothing and the error names it. Events keep their ids, types, data,
        metadata and commit times, and get new positions here; each exported commit stays
        one commit. Ids already in the log are skipped, so importing a file twice appends
        nothing the second time. References to entities not yet known are accepted (a song
        before its artist): such songs and animals show under their artist or category once
        it arrives. A line may hold at most 1 MiB (1,048,576 bytes): a longer one is refused
        (exit 4) as soon as the reading passes the limit.
        """,
        options: OptionSpec(flags: ["json"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals(["FILE"], command: "import")
        let lines = try NDJSONLines.parse(NDJSONLines.read(context.arguments.positionals[0]), ImportedEvent.init(envelope:))
        let ledger = try context.openLedger(.write)
        let report = try NDJSONLines.locating(lines) { try ledger.importEvents(lines.map(\.value)) }
        if context.json {
            try context.output.json(.object(["appended": .int(Int64(report.appended)), "duplicates": .int(Int64(report.duplicates)),
                                         "commits": .int(Int64(report.commits))]))
        } else {
            try context.output.line("imported \(report.appended) events in \(report.commits) commits (\(report.duplicates) already present)")
        }
    }
}
