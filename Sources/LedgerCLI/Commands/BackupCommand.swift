import EventLedger

/// `ledger backup DEST`.
enum BackupCommand {
    static let command = Command(
        name: "backup",
        summary: "write a consistent compacted copy of the ledger",
        help: """
            usage: ledger backup DEST

            Writes a consistent, compacted copy of the ledger to the new file DEST while other
            processes keep appending. The copy is a complete ledger (`ledger verify --ledger DEST`).
            It is written as DEST.partial-PID and appears at DEST only when complete: a backup
            that fails or is killed leaves no DEST. An existing DEST is never replaced.
            """,
        options: OptionSpec(),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals(["DEST"], command: "backup")
        let destination = context.arguments.positionals[0]
        try context.openLedger(.read).backup(to: destination)
        try context.output.line("backed up \(context.ledgerPath) to \(destination)")
    }
}
