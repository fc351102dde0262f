import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// The `ledger` command-line tool, for any domains: parses the command line, calls the
/// library, prints. A tool of one's own is `LedgerCLI.run(name: "todo", domains: [TodoDomain()])`.
public enum LedgerCLI {
    /// Every command, in the order `--help` lists them, for `program`.
    static func commands(for program: Program) -> [Command] {
        [
            AppendCommand.command, SessionCommand.command, QueryCommand.command(for: program), LogCommand.command,
            HistoryCommand.command, WatchCommand.command, RebuildCommand.command(for: program), ReplayCommand.command,
            VerifyCommand.command, ExportCommand.command, ImportCommand.command, BackupCommand.command, StatsCommand.command,
            SyncCommand.command, PendingCommand.command, PushCommand.command, UndoCommand.command,
        ]
    }

    /// Options every command takes, also before the command's name.
    private static let globalOptions = ["--ledger", "--wait", "--primary", "--primary-timeout", "--offline"]

    /// Runs the tool called `name` on ledgers of `domains` with this process's arguments and
    /// returns the exit code. Without a `name`, the tool is called as the process was started
    /// (the last component of its first argument), so that a copy installed under another name
    /// names itself in its messages. Arguments that are not valid UTF-8 are refused (the
    /// standard library would silently replace bytes). A crash on a damaged ledger file, or
    /// running out of memory, ends the process with a message (see `CrashGuard`).
    public static func main(name: String? = nil, domains: [any LedgerDomain]) -> Int32 {
        let program = Program(name: name ?? Program.startedName, domains: domains)
        StandardOutput.occupyClosedStandardDescriptors()
        GuardedChild.endWithParent()
        CrashGuard.install(programName: program.name)
        ProcessAllocator.giveLargeBlocksBackWhenFreed()
        var arguments: [String] = []
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let raw = CommandLine.unsafeArgv[index] else { continue }
            guard let argument = String(validatingCString: raw) else {
                let shown = oneLine(String(cString: raw))
                program.reportError("argument \(index) is not valid UTF-8 text: \"\(shown)\"")
                return ExitCode.invalidInput.rawValue
            }
            arguments.append(argument)
        }
        return run(arguments, program: program)
    }

    /// Runs the tool called `name` on ledgers of `domains` with this process's arguments, as
    /// `main(name:domains:)` does, and ends the process with its exit code: the whole of a
    /// tool's `main.swift`.
    public static func run(name: String? = nil, domains: [any LedgerDomain]) -> Never {
        exit(main(name: name, domains: domains))
    }

    /// Runs the tool called `name` (without one, as the process was started) on ledgers of
    /// `domains` with `arguments` (without the program name) and returns the exit code;
    /// output goes to standard output and error. `verify` runs this executable again with
    /// `arguments`, in a child process that reports a crash on a damaged file: call this from
    /// the tool's `main.swift`.
    public static func main(_ arguments: [String], name: String? = nil, domains: [any LedgerDomain]) -> Int32 {
        run(arguments, program: Program(name: name ?? Program.startedName, domains: domains))
    }

    /// Runs `program` with `commandLine` (without the program name) and returns the exit code.
    static func run(_ commandLine: [String], program: Program) -> Int32 {
        let output = StandardOutput(descriptor: program.outputDescriptor)
        var arguments = commandLine
        var leadingOptions: [String] = []
        while let first = arguments.first, let option = globalOptions.first(where: { first == $0 || first.hasPrefix($0 + "=") }) {
            let words = first == option ? 2 : 1
            leadingOptions += arguments.prefix(words)
            arguments.removeFirst(min(words, arguments.count))
        }
        let commands = commands(for: program)
        guard let name = arguments.first, name != "--help", name != "-h", name != "help" else {
            if arguments.isEmpty {
                program.reportError("missing command (see \(program.name) --help)")
                return ExitCode.usage.rawValue
            }
            return finish(output, program) {
                try output.line(overview(of: commands, program)); return ExitCode.success.rawValue
            }
        }
        guard let command = commands.first(where: { $0.name == name }) else {
            program.reportError("unknown command \"\(oneLine(name))\" (see \(program.name) --help)")
            return ExitCode.usage.rawValue
        }
        let words = leadingOptions + arguments.dropFirst()
        if words.contains("--help") || words.contains("-h") {
            return finish(output, program) {
                try output.line(program.renamed(command.help)); return ExitCode.success.rawValue
            }
        }
        return finish(output, program) {
            var spec = command.options
            spec.valued.formUnion(globalOptions.map { String($0.dropFirst(2)) })
            let parsed = try Arguments(words, spec: spec, command: name)
            let path = parsed.value("ledger") ?? environmentValue("LEDGER_PATH") ?? "./ledger.lmdb"
            if command.runsGuarded, !GuardedChild.isChild { return try GuardedChild.exitCode(running: commandLine, on: path) }
            let primary = parsed.value("primary") ?? environmentValue("LEDGER_PRIMARY")
            let primaryTimeout =
                try parsed.value("primary-timeout").map {
                    try CommandContext.duration($0, of: "--primary-timeout", positive: true)
                }
                ?? environmentValue("LEDGER_PRIMARY_TIMEOUT").map {
                    try CommandContext.duration($0, of: "$LEDGER_PRIMARY_TIMEOUT", positive: true)
                }
            let offline = try CommandContext.whenUnreachable(parsed.value("offline"), environment: environmentValue("LEDGER_OFFLINE"))
            try command.run(
                CommandContext(
                    program: program, arguments: parsed, ledgerPath: path, primary: primary,
                    primaryTimeout: primaryTimeout, whenUnreachable: offline, output: output))
            return ExitCode.success.rawValue
        }
    }

    /// Runs `body` and writes out its output; returns the exit code `body` returns, or the
    /// error's after printing it when `body` or the writing failed (output printed before an
    /// error is still written).
    private static func finish(_ output: StandardOutput, _ program: Program, _ body: () throws -> Int32) -> Int32 {
        do {
            let code = try body()
            try output.flush()
            return code
        } catch {
            try? output.flush()
            program.reportError(oneLine(String(describing: error)))
            return ExitCode(for: error).rawValue
        }
    }

    /// The `--help` text of the whole tool.
    private static func overview(of commands: [Command], _ program: Program) -> String {
        let width = commands.map(\.name.count).max() ?? 0
        let lines = commands.map { "  \($0.name)\(String(repeating: " ", count: width - $0.name.count))  \($0.summary)" }
        return program.renamed(
            """
            usage: ledger COMMAND [ARGS] [--ledger PATH] [--wait SECONDS] [--primary URL]
                                        [--primary-timeout SECONDS] [--offline queue]

            An embedded, event-sourced ledger. The ledger file is --ledger PATH,
            else $LEDGER_PATH, else ./ledger.lmdb. One process writes at a time: a
            write waits for another process's write (saying so after a second), at
            most --wait SECONDS when given, then fails with exit code 5.
            A ledger written by a tool with other domains is read by log, history,
            watch, export, backup and stats, and never changed by them; a command
            that needs a domain this tool does not know exits 5 naming its read model.
            With --primary URL (else $LEDGER_PRIMARY), a PostgreSQL connection string,
            the file is a replica of that primary: every write goes through it, reads
            stay local, `sync` catches up; writing to a replica without its primary, or
            with another one, exits 5, as does a write while the primary is unreachable.
            A write or sync gives up with exit code 5, naming what did not answer, when
            connecting to the primary takes longer, or the primary stays silent during
            a statement longer, than --primary-timeout SECONDS (else
            $LEDGER_PRIMARY_TIMEOUT, else 10 s to connect and 30 s per statement);
            --wait SECONDS also bounds waiting for the primary's write lock.
            With --offline queue (else $LEDGER_OFFLINE), a write while the primary is
            unreachable is checked against the replica and queued as a pending commit
            instead: reads show it at once, and the next sync sends it (see `pending`).

            commands:
            \(lines.joined(separator: "\n"))

            Run `ledger COMMAND --help` for a command's options.
            Exit codes: 0 ok, 1 rejected by a rule or not found, 2 usage, 3 conflict,
            4 invalid input, 5 storage.
            """)
    }

    /// Errors longer than this many characters are cut: they may echo megabytes of input.
    static let longestError = 2_000

    /// `text` with line breaks, other control and invisible characters and backslashes
    /// escaped as `VisibleText` escapes them, so an error stays one line and hides nothing,
    /// and cut after `longestError` characters.
    static func oneLine(_ text: String) -> String {
        var escaped = [Unicode.Scalar]()
        for (index, scalar) in text.unicodeScalars.enumerated() {
            guard escaped.count < longestError else {
                return String(String.UnicodeScalarView(escaped)) + "… (\(text.unicodeScalars.count - index) more characters)"
            }
            if VisibleText.isEscapedInPlainText(scalar) {
                escaped += scalar.escaped(asASCII: true).unicodeScalars
            } else {
                escaped.append(scalar)
            }
        }
        return String(String.UnicodeScalarView(escaped))
    }

    private static func environmentValue(_ name: String) -> String? {
        guard let value = getenv(name), value.pointee != 0 else { return nil }
        return String(cString: value)
    }
}
