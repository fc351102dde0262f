import Foundation
import LedgerCLITestSupport
import Testing

/// `ledger pending` on a ledger that queued nothing, and the usage it refuses; `query
/// --confirmed` on a ledger without pending commits.
@Suite struct PendingCommandTests {
    @Test func aLedgerThatQueuedNothingListsNothingAndHasNoCommitToDiscardOrRetry() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"band","name":"Band"}"#])
        #expect(try sandbox.ok(["pending"]).stdout == "no pending commits\n")
        #expect(try sandbox.ok(["pending", "--refused"]).stdout == "no refused commits\n")
        #expect(try sandbox.ok(["pending", "--json"]).stdout.isEmpty)
        #expect(try sandbox.ok(["pending", "--refused", "--json"]).stdout.isEmpty)
        expectFailure(try sandbox.run(["pending", "discard", "1"]), exit: 1, mentions: ["no pending or refused commit 1"])
        expectFailure(try sandbox.run(["pending", "retry", "1"]), exit: 1, mentions: ["refused commit 1"])
        #expect(try sandbox.ok(["query", "artists", "--confirmed"]).stdout == (try sandbox.ok(["query", "artists"]).stdout))
    }

    @Test(arguments: [
        (["pending", "resend", "1"], "unknown pending action"),
        (["pending", "discard"], "missing argument ID"),
        (["pending", "discard", "0"], "ID: expected a commit number"),
        (["pending", "retry", "one"], "ID: expected a commit number"),
        (["pending", "discard", "1", "2"], "unexpected argument"),
        (["pending", "retry", "1", "--refused"], "--refused does not apply"),
        (["query", "artists", "--confirmed", "--session", "s"], "--confirmed and --session cannot be combined"),
    ])
    func misuseExits2(arguments: [String], mention: String) throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"band","name":"Band"}"#])
        expectFailure(try sandbox.run(arguments), exit: 2, mentions: [mention])
    }
}
