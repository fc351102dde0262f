#if canImport(Glibc)
import Glibc
#endif

/// What becomes of a `ledger` process that faults while it uses the ledger file, or that runs
/// out of memory.
///
/// LMDB maps the file into memory and trusts it: a damaged page can send it to a wild
/// address (SIGSEGV), a file truncated under a reader faults past its end (SIGBUS), and
/// LMDB's assertions or a heap it corrupted abort (SIGABRT). Instead of a crash report,
/// the process writes one line pointing at `ledger verify` and exits 5.
///
/// A process that cannot allocate memory (under `ulimit -v`, say) is stopped by the Swift
/// runtime (SIGILL or SIGTRAP) or by the C++ library (SIGABRT), and sometimes faults on its
/// way out (SIGSEGV): that is no sign of damage. The allocation that failed leaves `errno` at
/// `ENOMEM` in the thread that stops, so such a stop writes one line saying memory ran out
/// and exits 5. A ledger file is never left changed by a stop: a write transaction that did
/// not commit leaves nothing.
enum CrashGuard {
    /// The signals a damaged or truncated file raises.
    static let signals = [SIGSEGV, SIGBUS, SIGABRT]

    /// The other signals a crash raises, among them those that stop a process whose allocation
    /// failed (SIGILL, SIGTRAP).
    static let trapSignals = [SIGILL, SIGTRAP, SIGFPE]

    /// Installs the handlers, whose lines name `programName`. In a guarded child (see
    /// `GuardedChild`) only running out of memory is reported: a crash ends the child by its
    /// signal, for the parent to report as damage.
    static func install(programName: String) {
        outOfMemoryMessage = strdup("\(programName): error: out of memory\(limitDescription()); the ledger file is unchanged\n")
        for number in signals + trapSignals {
            if !GuardedChild.isChild, signals.contains(number) {
                let text =
                    "\(programName): error: stopped by \(name(of: number)) while using the ledger file: it may be damaged or was truncated; run \(programName) verify\n"
                fatalSignalMessages[Int(number)] = strdup(text)
            }
            var action = sigaction()
            action.__sigaction_handler.sa_handler = reportFatalSignal
            sigemptyset(&action.sa_mask)
            sigaction(number, &action, &previousActions[Int(number)])
            // In a guarded child, a crash ends the process plainly: the runtime's crash report
            // would only repeat what the parent says.
            if GuardedChild.isChild { previousActions[Int(number)] = sigaction() }
        }
    }

    /// The limit on this process's address space, as said after "out of memory" (e.g.
    /// " (this process may use 200 MiB: ulimit -v)"), or nothing when there is none.
    private static func limitDescription() -> String {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return "" }
        return " (this process may use \(limit.rlim_cur / 1_048_576) MiB: ulimit -v)"
    }

    /// The name of signal `number` (e.g. "SIGSEGV"), or "signal N" for one a crash is unlikely to raise.
    static func name(of number: Int32) -> String {
        // A switch, not a dictionary: a process's first dictionary of signal numbers costs a
        // search of every protocol conformance in the binary, at every start.
        switch number {
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGABRT: "SIGABRT"
        case SIGILL: "SIGILL"
        case SIGFPE: "SIGFPE"
        case SIGTRAP: "SIGTRAP"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: "signal \(number)"
        }
    }
}

/// The line a stop for want of memory writes; made before the handlers are installed.
nonisolated(unsafe) private var outOfMemoryMessage: UnsafeMutablePointer<CChar>?

/// The line each signal taken as damage writes, indexed by signal number (none for the
/// others); made before the handlers are installed, so that a handler only reads it.
nonisolated(unsafe) private let fatalSignalMessages: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let messages = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: Int(NSIG))
    messages.initialize(repeating: nil, count: Int(NSIG))
    return messages
}()

/// What each handled signal did before the handlers were installed (the runtime's crash
/// report, or the default), indexed by signal number.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(NSIG))
    actions.initialize(repeating: sigaction(), count: Int(NSIG))
    return actions
}()

/// Writes the line of a stop for want of memory, or of damage, and exits 5; a signal that is
/// neither gets its previous handling back and is raised again, to be taken when the handler
/// returns. Calls nothing but `write`, `sigaction`, `raise` and `_exit`, safe in a process
/// that may have corrupted its heap.
private func reportFatalSignal(_ number: Int32) {
    let message = errno == ENOMEM ? outOfMemoryMessage : number > 0 && number < NSIG ? fatalSignalMessages[Int(number)] : nil
    guard let message else {
        sigaction(number, &previousActions[Int(number)], nil)
        raise(number)
        return
    }
    var length = 0
    while message[length] != 0 { length += 1 }
    _ = write(2, message, length)
    _exit(5)
}
