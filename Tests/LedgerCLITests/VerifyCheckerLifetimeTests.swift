import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `verify` checks the file in a child process of its own: that child ends when `verify`
/// does, however it ends, rather than going on holding the ledger file for no one.
@Suite struct VerifyCheckerLifetimeTests {
    /// A verify waiting for a stopped writer is killed: its checker, which was waiting too, ends.
    @Test(.processTestLimit) func theCheckerEndsWhenVerifyIsKilled() async throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"first"}"#])
        let lines = (0..<50_000).map { #"{"type":"FavoriteAdded","data":{"dishId":"bulk-\#($0)"}}"# }
        let batch = try GeneratedBatches.write(lines, to: sandbox.path("batch.ndjson"))
        let writer = try BackgroundLedger(["append", "--batch", batch], in: sandbox)
        let writerID = writer.process.processIdentifier
        try #require(WriteLockProbe.waitForWriteLock(of: sandbox.ledgerPath, heldBy: writerID) == writerID)
        kill(writerID, SIGSTOP)
        defer { kill(writerID, SIGCONT) }

        let errors = open(sandbox.path("verify.err"), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        defer { close(errors) }
        let verify = try SpawnedProcess(LedgerSandbox.executable.path, ["verify", "--ledger", sandbox.ledgerPath],
                                        in: sandbox.directory.path, output: errors, errors: errors)
        let said = { (try? String(contentsOfFile: sandbox.path("verify.err"), encoding: .utf8)) ?? "" }
        #expect(try await eventually(within: 60) { said().contains("waiting for") }, "\(said())")
        let checker = try #require(Self.children(of: verify.pid).first, "verify has no checker process")
        kill(verify.pid, SIGKILL)
        #expect(verify.reap() == .signalled(SIGKILL))

        #expect(try await eventually(within: 30) { !Self.isRunning(checker) }, "the checker \(checker) outlived verify")
        if Self.isRunning(checker) { kill(checker, SIGKILL) }
        kill(writerID, SIGCONT)
        #expect(writer.waitForExit(within: 120))
    }

    /// The ids of the processes whose parent is `pid` (from `/proc/PID/task/PID/children`).
    static func children(of pid: Int32) -> [Int32] {
        let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { Int32($0) }
    }

    /// Whether process `pid` exists and has not ended (an ended one not yet reaped is a zombie, `Z`).
    static func isRunning(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return false }
        return stat[stat.index(end, offsetBy: 2)] != "Z"
    }
}
