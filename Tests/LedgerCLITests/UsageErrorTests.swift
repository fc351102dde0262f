import Foundation
import LedgerCLITestSupport
import Testing

/// Exit code 2: unknown command or option, missing argument.
@Suite struct UsageErrorTests {
    static let payload = #"{"artistId":"abba","name":"ABBA"}"#

    static let usageErrors: [CLICase] = [
        CLICase(label: "no command", command: [], useLedgerOption: false),
        CLICase(label: "unknown command", command: ["frobnicate"], mentions: ["frobnicate"]),
        CLICase(label: "unknown option of query", command: ["query", "artists", "--bogus"], mentions: ["--bogus"]),
        CLICase(
            label: "unknown option of append", command: ["append", "ArtistCreated", payload, "--frobnicate"],
            mentions: ["--frobnicate"]),
        CLICase(label: "unknown option of log", command: ["log", "--colour"], mentions: ["--colour"]),
        CLICase(label: "unknown option of stats", command: ["stats", "--verbose"], mentions: ["--verbose"]),
        CLICase(label: "append without a type", command: ["append"], mentions: ["TYPE"]),
        CLICase(label: "history without a stream", command: ["history"], mentions: ["STREAM"]),
        CLICase(label: "query without a query", command: ["query"], mentions: ["QUERY"]),
        CLICase(
            label: "--expect without a value",
            command: ["append", "ArtistCreated", payload, "--ledger", "$LEDGER", "--expect"],
            useLedgerOption: false, mentions: ["--expect"]),
        CLICase(
            label: "--ledger without a value", command: ["stats", "--ledger"], useLedgerOption: false,
            mentions: ["--ledger"]),
        CLICase(label: "unexpected extra argument", command: ["stats", "extra"], mentions: ["extra"]),
    ]

    @Test(arguments: usageErrors)
    func usageErrorExitsTwo(_ example: CLICase) throws {
        let sandbox = try LedgerSandbox()
        let result = try example.run(in: sandbox)
        expectFailure(result, exit: 2, mentions: example.mentions)
        #expect(!sandbox.exists("ledger.lmdb"), "a usage error must not create the ledger")
    }

    @Test func aNumberOptionWithoutItsValueIsAUsageError() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#])
        let result = try sandbox.run(["log", "--ledger", sandbox.ledgerPath, "--limit"], useLedgerOption: false)
        expectFailure(result, exit: 2, mentions: ["--limit"])
    }
}
