import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Runs a command again in a child process of this same executable, so that a crash while
/// it reads a damaged ledger file (LMDB trusts its file) ends the child, not the command:
/// the parent reports the crash as damage.
enum GuardedChild {
    /// The environment variable that tells the child what it is; its value is the parent's
    /// process id.
    static let marker = "LEDGER_GUARDED_CHILD"

    /// Whether this process is a guarded child.
    static var isChild: Bool { getenv(marker) != nil }

    /// In a guarded child, asks the kernel to kill this process when its parent ends, and ends
    /// it now if the parent already has (a child left running would go on holding the ledger
    /// file, and perhaps its write lock, for no one).
    static func endWithParent() {
        guard let value = getenv(marker), let parent = pid_t(String(cString: value)) else { return }
        _ = setParentDeathSignal?(1 /* PR_SET_PDEATHSIG, not imported either */, UInt(SIGKILL), 0, 0, 0)
        if getppid() != parent { raise(SIGKILL) }
    }

    /// `prctl`, which Swift does not import (its arguments are variadic in C), taken as the
    /// five-argument call it is.
    private static let setParentDeathSignal = dlsym(nil, "prctl").map {
        unsafeBitCast($0, to: (@convention(c) (Int32, UInt, UInt, UInt, UInt) -> Int32).self)
    }

    /// Runs `ledger ARGUMENTS` in a guarded child and returns its exit code (a child that
    /// runs out of memory says so itself and exits 5: see `CrashGuard`). When a crash
    /// ends it, that is reported as damage of the ledger file at `ledgerPath` (exit 5); when
    /// another signal does (SIGPIPE, SIGTERM…), this process ends by the same signal, as the
    /// command would have without a child.
    static func exitCode(running arguments: [String], on ledgerPath: String) throws -> Int32 {
        switch try run(arguments) {
        case .exited(let code):
            return code
        case .killed(let signal) where crashSignals.contains(signal):
            let truncated = signal == SIGBUS ? " or was truncated" : ""
            throw LedgerError(.corruption, "\(ledgerPath) is damaged\(truncated): reading it crashed (\(CrashGuard.name(of: signal)))")
        case .killed(let number):
            signal(number, SIG_DFL)
            raise(number)
            throw LedgerError(.storage, "reading \(ledgerPath) was stopped by \(CrashGuard.name(of: number))")
        }
    }

    /// The signals a process raises when it crashes (rather than being stopped from outside).
    private static let crashSignals = CrashGuard.signals + [SIGILL, SIGFPE, SIGTRAP, SIGSYS]

    /// How the child ended.
    enum Ending {
        /// It exited with this code.
        case exited(Int32)
        /// This signal ended it.
        case killed(Int32)
    }

    /// Runs `ledger ARGUMENTS` in a guarded child sharing standard input, output and error
    /// (so that what it says while it runs, such as waiting for a writer, is seen at once).
    /// The child's crash handlers end it plainly, without the runtime's crash report: a crash
    /// is reported by the parent (see `CrashGuard`).
    static func run(_ arguments: [String]) throws -> Ending {
        let argv: [UnsafeMutablePointer<CChar>?] = ([CommandLine.arguments.first ?? "ledger"] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = childEnvironment().map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/proc/self/exe", nil, nil, argv, envp)
        guard spawned == 0 else { throw spawnFailure(spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // WIFEXITED, WEXITSTATUS and WTERMSIG, which Swift does not import.
        return status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .killed(status & 0x7f)
    }

    /// This process's environment with the marker (naming this process), and without
    /// settings of the runtime's crash report: with its default, a failed allocation is
    /// reported in one line, not with a stack trace.
    private static func childEnvironment() -> [String] {
        var variables: [String] = []
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            if !text.hasPrefix(marker + "="), !text.hasPrefix("SWIFT_BACKTRACE=") { variables.append(text) }
            entry += 1
        }
        return variables + ["\(marker)=\(getpid())"]
    }

    private static func spawnFailure(_ code: Int32) -> LedgerError {
        LedgerError(.storage, "cannot start a process to run the command in: \(String(cString: strerror(code)))")
    }
}
