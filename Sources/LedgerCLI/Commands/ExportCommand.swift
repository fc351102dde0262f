import EventLedger

/// `ledger export [--from P] [--to P]`.
enum ExportCommand {
    static let command = Command(
        name: "export",
        summary: "write the log as NDJSON envelopes",
        help: """
            usage: ledger export [--from P] [--to P]

            Writes the log's events (positions P through P) to standard output as NDJSON
            envelopes: position, commit, recordedAt, id, stream, version, type,
            schemaVersion, data, metadata, hash. `ledger import` reads them back.
            """,
        options: OptionSpec(valued: ["from", "to"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        try arguments.requirePositionals([], command: "export")
        let filter = try LogFilter(positionsIn: arguments)
        try context.openLedger(.read).forEachEvent(filter) { event in
            try context.output.json(event.envelope)
            return true
        }
    }
}
