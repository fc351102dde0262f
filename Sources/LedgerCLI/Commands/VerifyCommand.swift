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
        built, and left unchanged.
        """,
        options: OptionSpec(),
        run: run,
        runsGuarded: true
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals([], command: "verify")
        // A ledger that cannot be written (read-only file, directory or filesystem) is
        // still verified, through a copy; so is one lacking read models of this tool, which
        // opening it for writing would add.
        let ledger = try lacksReadModels(context) ? context.openLedger(.read)
            : (try? context.openLedger(.update)) ?? context.openLedger(.read)
        let report = try ledger.verify()
        guard report.isIntact else {
            for problem in report.problems { try context.output.line(problem) }
            let more = report.problems.count > 1 ? " (and \(report.problems.count - 1) more, listed on stdout)" : ""
            throw LedgerError(.corruption, "verify failed: \(report.problems[0])\(more)")
        }
        try context.output.line("ok: \(report.events) events; positions, versions, indexes, hash chain and read models verified")
    }

    /// Whether the ledger, opened read-only, lacks read models of the tool; closed before
    /// returning, since a file must not be opened twice at once by one process.
    private static func lacksReadModels(_ context: CommandContext) -> Bool {
        guard let ledger = try? context.openLedger(.read) else { return false }
        return !ledger.missingReadModels.isEmpty
    }
}
