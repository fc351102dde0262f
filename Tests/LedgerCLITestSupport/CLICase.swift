import Testing

/// One failing command line for a parameterized exit-code test: what to run first, the
/// command itself, and what its error must mention.
package struct CLICase: Sendable, CustomTestStringConvertible {
    /// A short name shown in test results.
    package let label: String
    /// Commands run (and required to succeed) before `command`.
    package var setup: [[String]] = []
    /// The failing command; `$LEDGER` is replaced by the sandbox's ledger path.
    package let command: [String]
    /// Whether `--ledger PATH` is added to `command`.
    package var useLedgerOption = true
    /// What stderr must mention (see `expectFailure`).
    package var mentions: [String] = []

    package init(
        label: String, setup: [[String]] = [], command: [String], useLedgerOption: Bool = true,
        mentions: [String] = []
    ) {
        self.label = label
        self.setup = setup
        self.command = command
        self.useLedgerOption = useLedgerOption
        self.mentions = mentions
    }

    package var testDescription: String { label }

    /// Runs the setup, then the command, in `sandbox`.
    package func run(in sandbox: LedgerSandbox) throws -> RunResult {
        for step in setup { try sandbox.ok(step) }
        let words = command.map { $0 == "$LEDGER" ? sandbox.ledgerPath : $0 }
        return try sandbox.run(words, useLedgerOption: useLedgerOption)
    }
}
