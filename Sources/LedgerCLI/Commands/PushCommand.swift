import EventLedger

/// `ledger push --primary URL`.
enum PushCommand {
    static let command = Command(
        name: "push",
        summary: "copy a ledger into an empty primary",
        help: """
        usage: ledger push --primary URL

        Copies the whole log into the primary (--primary URL, else $LEDGER_PRIMARY), a
        PostgreSQL database holding no events yet (the tables are created when missing),
        and makes this file a replica of it; prints how many events. A primary that
        already holds events is refused (exit 4); an unreachable one exits 5.
        """,
        options: OptionSpec(),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals([], command: "push")
        let pushed = try context.openLedger(.update).push()
        try context.output.line("pushed \(counted(pushed, "event"))")
    }
}
