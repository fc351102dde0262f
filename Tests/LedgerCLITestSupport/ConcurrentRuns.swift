import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What a `ledger` run started from a worker thread produced; `timedOut` when it had to be killed.
package struct BoundedResult: Sendable {
    package let status: Int32
    package let stdout: String
    package let stderr: String
    package let timedOut: Bool

    /// Standard output split into its non-empty lines.
    package var lines: [String] { stdout.split(separator: "\n").map(String.init) }
}

/// Runs the `ledger` binary on one ledger file from any thread: every value it holds is Sendable.
package struct LedgerRunner: Sendable {
    package let ledgerPath: String
    package let directory: URL
    /// A run still going after this many seconds is killed and reported as timed out.
    package var timeout: Double = 60

    package init(_ sandbox: LedgerSandbox) {
        ledgerPath = sandbox.ledgerPath
        directory = sandbox.directory
    }

    /// `ledger ARGS --ledger LEDGER` with `input` on standard input and `environment` added to the tests'.
    package func run(
        _ arguments: [String], input: String? = nil, ledger: String? = nil,
        environment: [String: String] = [:]
    ) throws -> BoundedResult {
        let process = ProcessPlumbing.process(
            LedgerSandbox.executable, arguments + ["--ledger", ledger ?? ledgerPath],
            currentDirectory: directory, environment: environment)
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        let output = PipeReader(out.fileHandleForReading), errors = PipeReader(err.fileHandleForReading)
        ProcessPlumbing.feed(inPipe, input.map { Data($0.utf8) })
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(1_000) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return BoundedResult(
            status: process.terminationStatus, stdout: String(decoding: output.wait(), as: UTF8.self),
            stderr: String(decoding: errors.wait(), as: UTF8.self), timedOut: timedOut)
    }
}

/// A value shared between threads, guarded by a lock.
package final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    package func get() -> Value { lock.withLock { value } }

    package func update<Result>(_ body: (inout Value) -> Result) -> Result { lock.withLock { body(&value) } }
}

/// Threads started together and waited for together.
package final class WorkerThreads: @unchecked Sendable {
    private let group = DispatchGroup()
    /// Set to ask loops to end.
    package let stopping = Shared(false)

    package init() {}

    /// Starts `body` on a new thread (not the test runner's small pool: workers block on processes).
    package func start(_ body: @escaping @Sendable () -> Void) {
        group.enter()
        Thread { [group] in
            body()
            group.leave()
        }.start()
    }

    /// Runs `body` again and again until `stop()`, at least `minimum` times.
    package func loop(minimum: Int = 1, _ body: @escaping @Sendable (Int) -> Void) {
        start { [stopping] in
            var round = 0
            while round < minimum || !stopping.get() {
                body(round)
                round += 1
            }
        }
    }

    /// Asks loops to end; waits up to `seconds` for every thread. Returns whether all ended.
    @discardableResult
    package func stop(within seconds: Double = 120) -> Bool {
        stopping.update { $0 = true }
        return group.wait(timeout: .now() + seconds) == .success
    }

    /// Waits up to `seconds` for every thread, without asking loops to end.
    package func wait(within seconds: Double) -> Bool { group.wait(timeout: .now() + seconds) == .success }

    deinit { stop() }
}
