import EventLedger

/// `ledger sync --primary URL`.
enum SyncCommand {
    static let command = Command(
        name: "sync",
        summary: "bring a replica up to its primary",
        help: """
            usage: ledger sync --primary URL

            Appends the events the primary (--primary URL, else $LEDGER_PRIMARY) holds after
            this file's last one, with their positions, commits, ids, times and hashes, and
            applies the read models; prints how many. A missing or empty file becomes a
            replica of the primary; a file with events of its own, or a replica of another
            primary, is refused (exit 5), as is an unreachable primary.
            Then sends the pending commits (see `pending`), in the order they were queued,
            and prints how many the primary accepted; each one it refused is printed with
            the reason, and kept (`pending --refused`).
            """,
        options: OptionSpec(),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals([], command: "sync")
        let report = try context.openLedger(.write).sync()
        try context.output.line("synced \(counted(report.appended, "event"))")
        guard !report.accepted.isEmpty || !report.refused.isEmpty else { return }
        try context.output.line(
            "sent \(counted(report.accepted.count + report.refused.count, "pending commit")): "
                + "\(report.accepted.count) accepted, \(report.refused.count) refused")
        for refused in report.refused {
            try context.output.line("refused pending commit \(refused.id): \(refused.reason.message)")
        }
    }
}
