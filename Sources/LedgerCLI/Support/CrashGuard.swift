#if canImport(Glibc)
import Glibc
#endif

/// What becomes of a `ledger` process that faults while it uses the ledger file.
///
/// LMDB maps the file into memory and trusts it: a damaged page can send it to a wild
/// address (SIGSEGV), a file truncated under a reader faults past its end (SIGBUS), and
/// LMDB's assertions or a heap it corrupted abort (SIGABRT). Instead of a crash report,
/// the process writes one line pointing at `ledger verify` and exits 5.
enum CrashGuard {
    /// The signals a damaged or truncated file raises.
    static let signals = [SIGSEGV, SIGBUS, SIGABRT]

    /// Installs the handlers, whose lines name `programName`, except in a guarded child (see `GuardedChild`): a crash ends
    /// that by its signal, for the parent to report.
    static func install(programName: String) {
        guard !GuardedChild.isChild else { return }
        for number in signals {
            let text = "\(programName): error: stopped by \(name(of: number)) while using the ledger file: it may be damaged or was truncated; run \(programName) verify\n"
            fatalSignalMessages[Int(number)] = strdup(text)
            signal(number, reportFatalSignal)
        }
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

/// The line each handled signal writes, indexed by signal number; made before the handlers
/// are installed, so that a handler only reads it.
nonisolated(unsafe) private let fatalSignalMessages: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let messages = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: Int(NSIG))
    messages.initialize(repeating: nil, count: Int(NSIG))
    return messages
}()

/// Writes the signal's line and exits 5, calling nothing but `write` and `_exit`, the only
/// safe calls in a process that may have corrupted its heap.
private func reportFatalSignal(_ number: Int32) {
    if number > 0, number < NSIG, let message = fatalSignalMessages[Int(number)] {
        var length = 0
        while message[length] != 0 { length += 1 }
        _ = write(2, message, length)
    }
    _exit(5)
}
