import EventLedger

/// `ledger watch [--from P] [--type T] [--json]`.
enum WatchCommand {
    static let command = Command(
        name: "watch",
        summary: "print events as any process commits them",
        help: """
            usage: ledger watch [--from P] [--type T] [--json]

            Prints each new event as soon as any process commits it, until interrupted.
            When the ledger file is removed or replaced (another file renamed over its path),
            watch ends with exit 5 saying so: it does not follow the new file.
            With a primary (--primary URL, $LEDGER_PRIMARY), the replica is synced as the
            primary notifies commits, so other machines' events are printed as they land;
            while the primary is unreachable, watch waits for it.
              --from P   start with the events from position P (default: only new ones)
              --type T   only events of type T
              --json     NDJSON envelopes instead of readable lines
            """,
        options: OptionSpec(flags: ["json"], valued: ["from", "type"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        try arguments.requirePositionals([], command: "watch")
        let from = try arguments.number("from")
        let type = arguments.value("type")
        // A replica following its primary writes the commits it syncs.
        try context.openLedger(context.primary == nil ? .read : .write).watch(from: from) { batch in
            for event in batch.events where type == nil || event.type == type {
                if context.json {
                    try context.output.json(event.envelope)
                } else {
                    try context.output.line(
                        "\(event.position)  \(event.recordedAt)  \(VisibleText(event.stream).text) v\(event.version)  "
                            + "\(VisibleText(event.type).text)  \(VisibleText(json: event.data).text)")
                }
            }
            try context.output.flush()
            return true
        }
    }
}
