import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `verify` checks the file in a child process of its own: that child ends when `verify`
/// does, however it ends, rather than going on holding the ledger file for no one.
@Suite struct VerifyCheckerLifetimeTests {
    /// A verify is killed while its checker works through a large ledger: the checker ends.
    @Test(.processTestLimit) func theCheckerEndsWhenVerifyIsKilled() throws {
        let sandbox = try LedgerSandbox()
        let lines = (0..<50_000).map { #"{"type":"FavoriteAdded","data":{"dishId":"bulk-\#($0)"}}"# }
        try sandbox.ok(["append", "--batch", try GeneratedBatches.write(lines, to: sandbox.path("batch.ndjson"))])

        let errors = open(sandbox.path("verify.err"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(errors) }
        let verify = try SpawnedProcess(
            LedgerSandbox.executable.path, ["verify", "--ledger", sandbox.ledgerPath],
            in: sandbox.directory.path, output: errors, errors: errors)
        // Checking 50,000 events takes seconds; the checker is seen long before it is done. The
        // test polls on its own thread, which nothing else can hold up while verify runs.
        #expect(Self.poll(within: 60) { !Self.children(of: verify.pid).isEmpty })
        let checker = try #require(Self.children(of: verify.pid).first, "verify has no checker process")
        kill(verify.pid, SIGKILL)
        #expect(verify.reap() == .signalled(SIGKILL))

        #expect(Self.poll(within: 30) { !Self.isRunning(checker) }, "the checker \(checker) outlived verify")
        if Self.isRunning(checker) { kill(checker, SIGKILL) }
    }

    /// Whether `condition` holds within `seconds`, checked every millisecond.
    static func poll(within seconds: Int, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while ContinuousClock.now < deadline {
            if condition() { return true }
            usleep(1_000)
        }
        return condition()
    }

    /// The ids of the processes whose parent is `pid` (from `/proc/PID/task/PID/children`).
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// Whether process `pid` exists and has not ended (an ended one not yet reaped is a zombie, `Z`).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(end, offsetBy: 2)] != "Z"
    }
}
