import EventLedger

/// `ledger verify`.
enum VerifyCommand {
    static let command = Command(
        name: "verify",
        summary: "check the log, indexes, hash chain and read models",
        help: """
            usage: ledger verify

            Checks the file's pages (both meta pages, every page in one table or listed as
            free once), that positions and stream versions are gapless, commits contiguous, the
            stream and id indexes consistent, the hash chain intact (any altered byte of an
            event is found), and every read model equal to a fresh rebuild (made in a
            transaction that is rolled back). Exits 5 naming what differs. The check runs in a
            child process: a file so damaged that reading it crashes is reported (exit 5), never
            a crash of the command.
            A ledger holding read models of domains this tool does not know is not verified (exit 5,
            naming them); one lacking some of this tool's read models is verified as if they were
            built. A read model built by another version of its domain than this tool's, or whose
            version record is damaged, is reported (exit 5). The file is opened for reading only and
            checked through a compacted copy in /tmp: verify never changes it, nor waits for a writer.
            """,
        options: OptionSpec(),
        run: run,
        runsGuarded: true
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals([], command: "verify")
        // Opened for writing, the file would have outdated read models rebuilt and missing ones
        // added: opened for reading only, it is verified through a copy and never changed.
        let report = try context.openLedger(.read).verify()
        guard report.isIntact else {
            for problem in report.problems { try context.output.line(problem) }
            let more = report.problems.count > 1 ? " (and \(report.problems.count - 1) more, listed on stdout)" : ""
            throw LedgerError(.corruption, "verify failed: \(report.problems[0])\(more)")
        }
        try context.output.line("ok: \(report.events) events; positions, versions, indexes, hash chain and read models verified")
    }
}
