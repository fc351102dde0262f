import EventLedger
import EventLedgerPostgreSQL

#if canImport(Glibc)
import Glibc
#endif

/// What every command gets: its parsed arguments, where the ledger is, and standard output.
struct CommandContext {
    /// The tool being run: its name and domains.
    let program: Program
    /// The parsed command line.
    let arguments: Arguments
    /// The ledger path: `--ledger`, else `$LEDGER_PATH`, else `./ledger.lmdb`.
    let ledgerPath: String
    /// The primary's connection string: `--primary`, else `$LEDGER_PRIMARY`, else none.
    let primary: String?
    /// How long connecting to the primary may take, and the primary may stay silent during a
    /// statement: `--primary-timeout`, else `$LEDGER_PRIMARY_TIMEOUT`, else the library's defaults.
    let primaryTimeout: Duration?
    /// What a write does while the primary is unreachable: `--offline`, else `$LEDGER_OFFLINE`, else fail.
    let whenUnreachable: WhenUnreachable
    /// Buffered standard output.
    let output: StandardOutput

    /// How a command uses the ledger file.
    enum Access {
        /// Only reads: the file must exist and is opened read-only, never waiting for a writer.
        case read
        /// Writes to an existing ledger (sessions): a missing file is an error.
        case update
        /// Appends: the file is created on first use.
        case write
    }

    /// Opens the ledger for `access`.
    func openLedger(_ access: Access) throws -> Ledger {
        try Ledger(path: ledgerPath, domains: program.domains, options: ledgerOptions(access))
    }

    /// How the ledger is opened for `access`.
    func ledgerOptions(_ access: Access) throws -> Ledger.Options {
        Ledger.Options(
            createIfMissing: access == .write, readOnly: access == .read,
            writeLockWaiting: try writeLockWaiting(),
            primary: primary.map {
                PostgreSQLPrimary($0, timeouts: primaryTimeout.map { PrimaryTimeouts(connecting: $0, statement: $0) } ?? PrimaryTimeouts())
            }, whenUnreachable: whenUnreachable)
    }

    /// What `--offline` (`option`, else the variable `$LEDGER_OFFLINE`'s `environment`) says a
    /// write does while the primary is unreachable: `queue` or `fail` (the default);
    /// `.invalidInput` naming the option or variable for anything else.
    static func whenUnreachable(_ option: String?, environment: String?) throws -> WhenUnreachable {
        guard let text = option ?? environment else { return .fail }
        guard let choice = WhenUnreachable(rawValue: text) else {
            let name = option == nil ? "$LEDGER_OFFLINE" : "--offline"
            throw LedgerError(.invalidInput, "\(name): expected queue or fail, got \"\(text)\"")
        }
        return choice
    }

    /// Writes wait for another process's write, and for the primary's write lock, as long as
    /// `--wait SECONDS` says (without it, as long as it takes, the primary's lock as long as a
    /// statement may take), saying on standard error after a second whom they wait for.
    private func writeLockWaiting() throws -> WriteLockWaiting {
        let timeout = try arguments.value("wait").map { try Self.duration($0, of: "--wait") }
        let path = ledgerPath
        let program = program
        return WriteLockWaiting(timeout: timeout) { holder in
            let who = holder.map { "process \($0)" } ?? "another process"
            printError("\(program.name): waiting for \(who), which is writing to \(path)", to: program.errorDescriptor)
        }
    }

    /// `text` as a number of seconds, at most a billion, for the option or variable `name`;
    /// `.invalidInput` naming it for anything else, and for zero when `positive`.
    static func duration(_ text: String, of name: String, positive: Bool = false) throws -> Duration {
        guard let seconds = Double(text), seconds.isFinite, positive ? seconds > 0 : seconds >= 0, seconds <= 1e9 else {
            let expected = positive ? "a positive number of seconds" : "a number of seconds"
            throw LedgerError(.invalidInput, "\(name): expected \(expected), got \"\(text)\"")
        }
        return .milliseconds(Int64((seconds * 1000).rounded(.up)))
    }

    /// Whether `--json` was given.
    var json: Bool { arguments.has("json") }
}
