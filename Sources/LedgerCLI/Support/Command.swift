/// One `ledger` subcommand: its name, help text, options, and what it does.
struct Command: Sendable {
    /// The word after `ledger`.
    let name: String
    /// One line for the overview.
    let summary: String
    /// The full `--help` text (synopsis and details), made when asked for: every command is
    /// made at every start, and some texts list the program's read models.
    var help: String { makeHelp() }
    private let makeHelp: @Sendable () -> String
    /// The options besides `--ledger` and `--help`.
    let options: OptionSpec
    /// Runs the command.
    let run: @Sendable (CommandContext) throws -> Void
    /// Whether the command runs in a guarded child process, so that a crash on a damaged
    /// ledger file is reported as damage (see `GuardedChild`).
    let runsGuarded: Bool

    /// A command; `help` is evaluated when the help text is read.
    init(
        name: String, summary: String, help: @autoclosure @escaping @Sendable () -> String, options: OptionSpec,
        run: @escaping @Sendable (CommandContext) throws -> Void, runsGuarded: Bool = false
    ) {
        self.name = name
        self.summary = summary
        makeHelp = help
        self.options = options
        self.run = run
        self.runsGuarded = runsGuarded
    }
}
