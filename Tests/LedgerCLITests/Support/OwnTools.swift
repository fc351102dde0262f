import EventLedger
import LedgerCLITestSupport
import Music

extension LedgerSandbox {
    /// Runs the `memo` tool, a tool of one's own on the memo domain, on the sandbox's ledger.
    func memo(_ arguments: [String]) throws -> RunResult {
        try runInProcess(arguments, name: "memo", domains: [MemoDomain()])
    }

    /// Runs the `music` tool, on the music domain alone, on the sandbox's ledger.
    func music(_ arguments: [String]) throws -> RunResult {
        try runInProcess(arguments, name: "music", domains: [MusicDomain()])
    }

    /// The bytes of the sandbox's ledger file.
    func ledgerBytes() throws -> [UInt8] {
        try LedgerFileBytes(contentsOf: ledgerPath).bytes
    }
}
