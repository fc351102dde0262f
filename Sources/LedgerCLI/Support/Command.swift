/// One `ledger` subcommand: its name, help text, options, and what it does.
struct Command: Sendable {
    /// The word after `ledger`.
    let name: String
    /// One line for the overview.
    let summary: String
    /// The full `--help` text (synopsis and details).
    let help: String
    /// The options besides `--ledger` and `--help`.
    let options: OptionSpec
    /// Runs the command.
    let run: @Sendable (CommandContext) throws -> Void
    /// Whether the command runs in a guarded child process, so that a crash on a damaged
    /// ledger file is reported as damage (see `GuardedChild`).
    var runsGuarded = false
}
