import Foundation
import LedgerCLITestSupport
import Testing

/// A primary URL reaching a server that is not PostgreSQL, silent or answering garbage that
/// never ends: a write or sync gives up once `--primary-timeout` (or
/// `$LEDGER_PRIMARY_TIMEOUT`) has passed, with exit 5 naming the server and what it did not
/// answer, and writes nothing.
@Suite struct SilentPrimaryTests {
    /// A write of one event.
    static let append = ["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#]

    @Test(.processTestLimit)
    func aWriteToAListenerThatNeverAnswersGivesUpAndCreatesNoFile() throws {
        let listener = try LoopbackListener()
        let sandbox = try LedgerSandbox()
        let result = try LedgerRunner(sandbox).run(Self.append + ["--primary", listener.url, "--primary-timeout", "1"])
        expectGaveUp(result, mentions: ["primary unreachable: \(listener.address) did not answer within 1 s (connecting)"])
        #expect(!sandbox.exists("ledger.lmdb"), "nothing was written")
    }

    @Test(.processTestLimit)
    func aSyncTakesItsTimeoutFromTheEnvironment() throws {
        let listener = try LoopbackListener()
        let sandbox = try LedgerSandbox()
        let result = try LedgerRunner(sandbox).run(
            ["sync", "--primary", listener.url],
            environment: ["LEDGER_PRIMARY_TIMEOUT": "0.5"])
        expectGaveUp(result, mentions: ["primary unreachable: \(listener.address) did not answer within 0.5 s (connecting)"])
        #expect(!sandbox.exists("ledger.lmdb"), "nothing was written")
    }

    @Test(.processTestLimit)
    func aServerAnsweringGarbageThatNeverEndsIsGivenUpOn() throws {
        // "N" declines TLS as PostgreSQL would; then the start of a message that never comes whole.
        let listener = try LoopbackListener(reply: Array("NR".utf8) + [0, 0, 3, 232] + Array("garbage".utf8))
        let sandbox = try LedgerSandbox()
        try sandbox.ok(Self.append)
        let result = try LedgerRunner(sandbox).run(Self.append + ["--primary", listener.url, "--primary-timeout", "1"])
        expectGaveUp(result, mentions: ["primary unreachable: \(listener.address) did not answer within 1 s (connecting)"])
        #expect(try sandbox.log().count == 1, "nothing was written")
    }

    @Test(arguments: ["0", "-1", "soon", "nan", "1e10"])
    func aTimeoutThatIsNotAPositiveNumberOfSecondsIsRefused(timeout: String) throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(Self.append + ["--primary", "postgresql://ledger@127.0.0.1:1/ledger", "--primary-timeout", timeout])
        expectFailure(result, exit: 4, mentions: ["--primary-timeout: expected a positive number of seconds, got \"\(timeout)\""])
        #expect(!sandbox.exists("ledger.lmdb"))
    }

    @Test func aTimeoutInTheEnvironmentThatIsNotANumberIsRefusedNamingTheVariable() throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(
            ["sync", "--primary", "postgresql://ledger@127.0.0.1:1/ledger"],
            environment: ["LEDGER_PRIMARY_TIMEOUT": "soon"])
        expectFailure(result, exit: 4, mentions: ["$LEDGER_PRIMARY_TIMEOUT: expected a positive number of seconds"])
    }

    @Test func theHelpDocumentsTheTimeoutAndItsDefaults() throws {
        let help = try LedgerSandbox().run(["--help"], useLedgerOption: false).stdout
        #expect(help.contains("[--primary-timeout SECONDS]"), "\(help)")
        #expect(help.contains("$LEDGER_PRIMARY_TIMEOUT, else 10 s to connect and 30 s per statement"), "\(help)")
    }
}

/// Checks a bounded run that must have given up by itself with exit 5, one error line
/// mentioning every entry of `mentions`, and no output.
func expectGaveUp(_ result: BoundedResult, mentions: [String], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!result.timedOut, "the run was still waiting for the primary and had to be killed", sourceLocation: sourceLocation)
    expectFailure(
        RunResult(status: result.status, stdout: result.stdout, stderr: result.stderr), exit: 5, mentions: mentions,
        sourceLocation: sourceLocation)
}
