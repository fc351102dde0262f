import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What every way of starting a program in the tests shares: the process set up the same
/// way, its input written in the background, its output read on threads of their own.
package enum ProcessPlumbing {
    /// A program may exit before reading all its input (a usage error): writing the rest must
    /// fail with EPIPE, not kill the test process with SIGPIPE.
    private static let brokenPipesIgnored: Void = { signal(SIGPIPE, SIG_IGN) }()

    /// `executable ARGS`, not started, in `currentDirectory`, with the environment of the
    /// tests without `LEDGER_PATH` plus `environment`.
    package static func process(
        _ executable: URL, _ arguments: [String], currentDirectory: URL? = nil,
        environment: [String: String] = [:]
    ) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.environment = Self.environment(environment)
        return process
    }

    /// The environment of the tests without `LEDGER_PATH` and `LEDGER_PRIMARY`, plus `extra`.
    package static func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var variables = ProcessInfo.processInfo.environment
        variables.removeValue(forKey: "LEDGER_PATH")
        variables.removeValue(forKey: "LEDGER_PRIMARY")
        variables.merge(extra) { $1 }
        return variables
    }

    /// Writes `input` (if any) to `pipe` in the background, then closes it.
    package static func feed(_ pipe: Pipe, _ input: Data?) {
        _ = brokenPipesIgnored
        let writer = pipe.fileHandleForWriting
        DispatchQueue.global().async {
            if let input { try? writer.write(contentsOf: input) }
            try? writer.close()
        }
    }
}

/// Reads a pipe to its end on a thread of its own (the global queue may be busy with the
/// tests themselves).
package final class PipeReader: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    package init(_ handle: FileHandle) {
        Thread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }.start()
    }

    /// The bytes read; waits at most 10 s for the end of the pipe.
    package func wait() -> Data {
        _ = done.wait(timeout: .now() + 10)
        return data
    }
}
