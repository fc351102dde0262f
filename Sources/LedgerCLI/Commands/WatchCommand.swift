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
            while the primary is unreachable, watch waits for it. A pending commit queued
            meanwhile (--offline queue) is printed as it is queued, marked pending.
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
        let ledger = try context.openLedger(context.primary == nil ? .read : .write)
        let committed = { (batch: CommittedBatch) throws -> Bool in
            for event in batch.events where type == nil || event.type == type {
                if context.json {
                    try context.output.json(event.envelope)
                } else {
                    try line(String(event.position), event.recordedAt, event.stream, "v\(event.version)", event.type, event.data, context)
                }
            }
            try context.output.flush()
            return true
        }
        guard context.primary != nil else { return try ledger.watch(from: from, committed) }
        try ledger.watch(from: from, committed) { commit in
            let envelopes = context.json ? commit.envelopes : []
            for (index, event) in commit.events.enumerated() where type == nil || event.type == type {
                if context.json {
                    try context.output.json(envelopes[index])
                } else {
                    try line("pending \(commit.id)", commit.queuedAt, commit.streams[index], "-", event.type, .object(event.payload), context)
                }
            }
            try context.output.flush()
            return true
        }
    }

    /// Prints one event's readable line.
    private static func line(
        _ position: String, _ time: Timestamp, _ stream: String, _ version: String, _ type: String, _ data: JSONValue,
        _ context: CommandContext
    ) throws {
        try context.output.line(
            "\(position)  \(time)  \(VisibleText(stream).text) \(version)  \(VisibleText(type).text)  \(VisibleText(json: data).text)")
    }
}
