import Testing

/// One failing command line for a parameterized exit-code test: what to run first, the
/// command itself, and what its error must mention.
struct CLICase: Sendable, CustomTestStringConvertible {
    /// A short name shown in test results.
    let label: String
    /// Commands run (and required to succeed) before `command`.
    var setup: [[String]] = []
    /// The failing command; `$LEDGER` is replaced by the sandbox's ledger path.
    let command: [String]
    /// Whether `--ledger PATH` is added to `command`.
    var useLedgerOption = true
    /// What stderr must mention (see `expectFailure`).
    var mentions: [String] = []

    var testDescription: String { label }

    /// Runs the setup, then the command, in `sandbox`.
    func run(in sandbox: LedgerSandbox) throws -> RunResult {
        for step in setup { try sandbox.ok(step) }
        let words = command.map { $0 == "$LEDGER" ? sandbox.ledgerPath : $0 }
        return try sandbox.run(words, useLedgerOption: useLedgerOption)
    }
}
