import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A `ledger` process left running in the background (e.g. `ledger watch`), whose standard
/// output is read as it comes. Killed when released, so a failing test leaves nothing behind.
package final class BackgroundLedger {
    package let process: Process
    private let output = StreamBuffer()
    private let errors = StreamBuffer()

    /// Starts `ledger ARGS --ledger <sandbox ledger>`; its standard output goes to
    /// `standardOutput` when given (then `lines` stays empty), else it is collected.
    package init(_ arguments: [String], in sandbox: LedgerSandbox, standardOutput: FileHandle? = nil) throws {
        process = ProcessPlumbing.process(
            LedgerSandbox.executable, arguments + ["--ledger", sandbox.ledgerPath],
            currentDirectory: sandbox.directory)
        let out = Pipe(), err = Pipe()
        process.standardOutput = standardOutput ?? out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try Self.runWithSignalsUnblocked(process)
        if standardOutput == nil {
            output.collect(out.fileHandleForReading)
        } else {
            output.collectNothing()
        }
        errors.collect(err.fileHandleForReading)
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Starts `process` from a thread that blocks no signals. A child inherits the signal mask
    /// of the thread that spawns it, and the test runner's worker threads block SIGINT and
    /// SIGTERM: started from one of them, the process could not be interrupted.
    private static func runWithSignalsUnblocked(_ process: Process) throws {
        let started = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var failure: (any Error)?
        let child = process
        let thread = Thread {
            var none = sigset_t()
            sigemptyset(&none)
            pthread_sigmask(SIG_SETMASK, &none, nil)
            do { try child.run() } catch { failure = error }
            started.signal()
        }
        thread.start()
        started.wait()
        if let failure { throw failure }
    }

    /// The complete lines written to standard output so far.
    package var lines: [String] {
        var lines = output.text.components(separatedBy: "\n")
        lines.removeLast()  // what follows the last newline: empty, or a line still being written
        return lines
    }

    /// What was written to standard error so far.
    package var stderr: String { errors.text }

    /// Waits until standard output holds at least `count` lines or `seconds` pass; returns the lines.
    @discardableResult
    package func waitForLines(_ count: Int, within seconds: Double = 5) -> [String] {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            let current = lines
            if current.count >= count { return current }
            usleep(10_000)
        }
        return lines
    }

    /// Waits up to `seconds` for the process to exit by itself; kills it (recording an issue)
    /// when it does not. Returns whether it exited by itself.
    @discardableResult
    package func waitForExit(within seconds: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            Issue.record(
                "ledger \(process.arguments?.joined(separator: " ") ?? "") still running after \(seconds) s",
                sourceLocation: sourceLocation)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return false
        }
        process.waitUntilExit()
        output.waitForEnd()
        errors.waitForEnd()
        return true
    }

    /// Sends `signal` (default SIGTERM) and waits for the process to end.
    @discardableResult
    package func stop(_ signal: Int32 = SIGTERM, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        if process.isRunning { kill(process.processIdentifier, signal) }
        return waitForExit(sourceLocation: sourceLocation)
    }
}

/// Bytes read from a pipe by a thread of its own, as they arrive.
private final class StreamBuffer: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    /// Starts reading `handle` until its end.
    package func collect(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }.start()
    }

    /// Marks the stream as ended at once: nothing is read into this buffer.
    package func collectNothing() { done.signal() }

    package var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }

    /// Waits (up to 5 s) for the writer's end of the pipe to close.
    package func waitForEnd() { _ = done.wait(timeout: .now() + 5) }
}

/// A bash script running in the background until told to stop (it sees a stop file) or killed.
package final class BackgroundScript {
    package let process = Process()
    package let stopFile: String

    /// Starts `/bin/bash -c script worker STOPFILE ARGS...`; the script should end once `$1` exists.
    package init(_ script: String, arguments: [String], stopFile: String) throws {
        self.stopFile = stopFile
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, "worker", stopFile] + arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Creates the stop file and waits (up to `seconds`, then kills it) for the script to end;
    /// returns its exit status.
    package func stop(within seconds: Double = 30) -> Int32 {
        _ = FileManager.default.createFile(atPath: stopFile, contents: Data())
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
