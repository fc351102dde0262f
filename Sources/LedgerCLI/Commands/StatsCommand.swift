import EventLedger

/// `ledger stats [--json]`.
enum StatsCommand {
    static let command = Command(
        name: "stats",
        summary: "print counts, file size, format version and checkpoints",
        help: """
            usage: ledger stats [--json]

            Prints the number of events and commits, events per type, streams per kind,
            the file size in bytes, the version of the file's format (1 for files written before
            versions were recorded) and each read model's checkpoint (the last position it applied),
            also of read models whose domain this tool does not know (a ledger written by another
            tool), which are noted as such.
            """,
        options: OptionSpec(flags: ["json"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals([], command: "stats")
        let stats = try context.openLedger(.read).stats()
        func counts(_ values: [String: UInt64]) -> JSONValue { .object(values.mapValues { .int(Int64($0)) }) }
        if context.json {
            try context.output.json(
                .object([
                    "events": .int(Int64(stats.events)),
                    "commits": .int(Int64(stats.commits)),
                    "eventsByType": counts(stats.eventsByType),
                    "streamsByKind": counts(stats.streamsByKind),
                    "fileSize": .int(Int64(stats.fileSize)),
                    "checkpoints": counts(stats.checkpoints),
                    "formatVersion": .int(Int64(stats.formatVersion)),
                    "readModelsOfUnknownDomains": .array(stats.readModelsOfUnknownDomains.map(JSONValue.string)),
                ]))
            return
        }
        var rows = [
            ["events", String(stats.events)], ["commits", String(stats.commits)],
            ["file size", "\(stats.fileSize) bytes"], ["format version", String(stats.formatVersion)],
        ]
        rows += stats.eventsByType.sorted { $0.key < $1.key }.map { ["events \($0.key)", String($0.value)] }
        rows += stats.streamsByKind.sorted { $0.key < $1.key }.map { ["streams \($0.key)", String($0.value)] }
        rows += stats.checkpoints.sorted { $0.key < $1.key }.map { name, position in
            let unknown = stats.readModelsOfUnknownDomains.contains(name)
            return ["checkpoint \(name)", String(position) + (unknown ? " (its domain is not known to this tool)" : "")]
        }
        for line in TextTable.render(columns: ["STAT", "VALUE"], rows: rows) { try context.output.line(line) }
    }
}
