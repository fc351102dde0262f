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

    /// Opens the ledger; a command that only reads never creates it.
    func openLedger(forWriting: Bool) throws -> Ledger {
        try Ledger(path: ledgerPath, domains: Self.domains, options: Ledger.Options(createIfMissing: forWriting))
    }

    /// Whether `--json` was given.
    var json: Bool { arguments.has("json") }
}
