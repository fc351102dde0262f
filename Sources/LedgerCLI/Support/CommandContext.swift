#if canImport(Glibc)
import Glibc
#endif
import EventLedger
import Music
import Animals
import Favorites

/// What every command gets: its parsed arguments, where the ledger is, and standard output.
struct CommandContext {
    /// The parsed command line.
    let arguments: Arguments
    /// The ledger path: `--ledger`, else `$LEDGER_PATH`, else `./ledger.lmdb`.
    let ledgerPath: String
    /// Buffered standard output.
    let output: StandardOutput

    /// The domains of the `ledger` tool.
    static let domains: [any LedgerDomain] = [MusicDomain(), AnimalsDomain(), FavoritesDomain()]

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
        let options = Ledger.Options(createIfMissing: access == .write, readOnly: access == .read)
        return try Ledger(path: ledgerPath, domains: Self.domains, options: options)
    }

    /// Whether `--json` was given.
    var json: Bool { arguments.has("json") }
}
