import EventLedger

/// `ledger push --primary URL` and `ledger push --restore --primary URL`.
enum PushCommand {
    static let command = Command(
        name: "push",
        summary: "copy a ledger into an empty primary, or give a primary back what it lost",
        help: """
            usage: ledger push [--restore] --primary URL

            Copies the whole log into the primary (--primary URL, else $LEDGER_PRIMARY), a
            PostgreSQL database holding no events yet (the tables are created when missing),
            and makes this file a replica of it; prints how many events. A primary that
            already holds events is refused (exit 4); an unreachable one exits 5.

            --restore   this file is a replica of the primary, which lost its last commits
                        (restored from a backup, or failed over to a standby that lagged):
                        give them back, with their positions, commits, ids, times and
                        hashes, so that every replica can sync and write again. The
                        primary's log must be a beginning of this file's (exit 5 otherwise,
                        writing nothing); prints how many events it gave back.
            """,
        options: OptionSpec(flags: ["restore"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals([], command: "push")
        if context.arguments.has("restore") {
            let restored = try context.openLedger(.update).restorePrimary()
            try context.output.line("gave back \(counted(restored, "event")) to the primary")
        } else {
            let pushed = try context.openLedger(.update).push()
            try context.output.line("pushed \(counted(pushed, "event"))")
        }
    }
}
