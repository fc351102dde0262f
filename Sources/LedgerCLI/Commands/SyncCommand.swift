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
            """,
        options: OptionSpec(),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals([], command: "sync")
        let appended = try context.openLedger(.write).sync()
        try context.output.line("synced \(counted(appended, "event"))")
    }
}
