import Foundation
import LedgerCLITestSupport

#if canImport(Glibc)
import Glibc
#endif

/// A `ledger sync` of an offline replica's pending commits, sent SIGKILL after a delay, and
/// where the kill left them: how many events the primary took during the run, and how many
/// the primary holds that the replica still holds as pending (the primary committed them,
/// the replica's own commit never came).
struct KilledSync: CustomStringConvertible {
    /// When the kill was sent, in milliseconds from the start of the process.
    let delay: Int
    /// Its exit status or signal, and what it wrote to standard error.
    let termination: SpawnedProcess.Termination
    let stderr: String
    /// The events the primary took during the run.
    let sent: Int
    /// The events the primary holds that are still pending on the replica.
    let committedButPending: Int

    /// Whether SIGKILL ended it (false: it exited by itself first).
    var killed: Bool { termination == .signalled(SIGKILL) }

    var description: String {
        let ending = killed ? "killed" : "\(termination)"
        return "kill after \(delay) ms: \(ending), \(sent) events sent, \(committedButPending) held by the primary yet pending"
    }

    /// Runs `ledger sync --primary PRIMARY` on the replica of `sandbox` and sends it SIGKILL
    /// `delay` milliseconds after its start, unless it has ended by then.
    static func run(in sandbox: LedgerSandbox, primary: String, after delay: Int) throws -> (SpawnedProcess.Termination, String) {
        let errorsPath = sandbox.path("killed-sync.stderr")
        let errors = open(errorsPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        let output = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard errors >= 0, output >= 0 else { throw SetupFailure("cannot open \(errorsPath) or /dev/null") }
        defer {
            close(errors)
            close(output)
        }
        let process = try SpawnedProcess(
            LedgerSandbox.executable.path, ["sync", "--primary", primary, "--ledger", sandbox.ledgerPath],
            in: sandbox.directory.path, output: output, errors: errors)
        usleep(useconds_t(delay * 1_000))
        if !process.hasEnded { kill(process.pid, SIGKILL) }
        let termination = process.reap()
        return (termination, (try? String(contentsOfFile: errorsPath, encoding: .utf8)) ?? "")
    }
}
