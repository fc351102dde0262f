import Foundation
import LedgerWorkload

#if canImport(Glibc)
import Glibc
#endif

/// When a `ledger` run is sent SIGKILL.
package enum KillMoment: CustomStringConvertible {
    /// As soon as the process has written at least this many bytes to files other than its
    /// standard output and error: for a writer, the pages and meta pages its commits write to
    /// the ledger file, which LMDB writes only as a transaction commits.
    case writing(Int)
    /// A moment no run lives to see: the run ends by itself, what it writes measured.
    case never

    package var description: String {
        switch self {
        case .writing(let bytes): "once \(bytes) bytes are written"
        case .never: "never"
        }
    }

    /// `count` moments inside the writing of `bytes` bytes: one at random in each of `count`
    /// equal slices of it, after the first byte and before the last.
    package static func spread(_ count: Int, over bytes: Int, using random: inout SplitMix64) -> [KillMoment] {
        (0..<count).map { slice in
            let start = max(1, bytes * slice / count), end = max(start + 1, bytes * (slice + 1) / count)
            return .writing(Int.random(in: start..<end, using: &random))
        }
    }
}

/// What became of a `ledger` run that was to be killed with SIGKILL.
package struct KilledRun: CustomStringConvertible {
    package let moment: KillMoment
    /// Seconds from the start of the process to its end.
    package let lifetime: Double
    package let termination: SpawnedProcess.Termination
    /// Bytes the process had written to files other than its standard output and error when it
    /// ended (for a writer, to the ledger file), counted by the kernel.
    package let written: Int
    /// What it wrote to standard error.
    package let stderr: String

    /// Whether SIGKILL ended it (false: it exited by itself first).
    package var killed: Bool { termination == .signalled(SIGKILL) }

    /// The exit status, or the signal that ended it.
    package var status: Int32 {
        switch termination {
        case .exited(let status), .signalled(let status): status
        }
    }

    /// Whether it was killed in the middle of writing `total` bytes: after the first, before
    /// the last.
    package func killedWhileWriting(_ total: Int) -> Bool { killed && written > 0 && written < total }

    package var description: String {
        let ending = killed ? "killed" : "exit \(status)"
        return "kill \(moment): \(ending) after \(String(format: "%.3f", lifetime)) s, \(written) bytes written"
    }
}

extension LedgerSandbox {
    /// Runs `ledger ARGS --ledger LEDGER` (standard input on the null device, output to files)
    /// and sends it SIGKILL at `moment`, unless it has ended by then.
    ///
    /// Until the process takes the ledger's write lock, it is looked at every 200 µs; from then
    /// on every 50 µs, and every 10 µs once it writes, ahead of ordinary processes (which could
    /// otherwise keep the watch off the processor for a few milliseconds, and the process write
    /// all its pages meanwhile), so that the kill lands within a write call or two of its
    /// moment: a commit writes its pages in calls of 256 KiB, a tenth of a millisecond each (a
    /// writer holds the lock while it builds its transaction in memory, and writes only as it
    /// commits).
    package func runKilled(_ arguments: [String], at moment: KillMoment, ledger: String? = nil) throws -> KilledRun {
        let ledgerFile = ledger ?? ledgerPath
        let output = try OutputFile(path("killed-run.stdout")), errors = try OutputFile(path("killed-run.stderr"))
        let start = DispatchTime.now().uptimeNanoseconds
        let process = try SpawnedProcess(
            LedgerSandbox.executable.path, arguments + ["--ledger", ledgerFile],
            in: directory.path, output: output.descriptor, errors: errors.descriptor)
        let watch = ProcessWatch(pid: process.pid, ledger: ledgerFile, outputs: [output, errors])
        if case .writing(let bytes) = moment {
            Self.aheadOfOrdinaryProcesses {
                while !process.hasEnded {
                    let written = watch.written() ?? 0
                    if written >= bytes {
                        kill(process.pid, SIGKILL)
                        break
                    }
                    usleep(written > 0 ? 10 : watch.holdsWriteLock() ? 50 : 200)
                }
            }
        }
        process.waitForEnd()
        let lifetime = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let written = watch.written() ?? -1
        let termination = process.reap()
        return KilledRun(
            moment: moment, lifetime: lifetime, termination: termination, written: written,
            stderr: (try? String(contentsOfFile: errors.path, encoding: .utf8)) ?? "")
    }
}

extension LedgerSandbox {
    /// Runs `body` with the calling thread scheduled first-in first-out at a real-time priority,
    /// where the tests may (they run as root), so that its short sleeps end on time whatever
    /// else the machine runs; it must sleep often, not to starve a process on its processor.
    fileprivate static func aheadOfOrdinaryProcesses(_ body: () -> Void) {
        var policy: Int32 = 0
        var original = sched_param()
        pthread_getschedparam(pthread_self(), &policy, &original)
        var raised = sched_param(sched_priority: 10)
        let changed = pthread_setschedparam(pthread_self(), SCHED_FIFO, &raised) == 0
        defer { if changed { pthread_setschedparam(pthread_self(), policy, &original) } }
        body()
    }
}

/// A file a process writes its standard output or error to, kept open to see its size.
private final class OutputFile {
    package let path: String
    package let descriptor: Int32

    /// Creates (or empties) the file at `path`.
    package init(_ path: String) throws {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SetupFailure("cannot create \(path): \(String(cString: strerror(errno)))") }
    }

    deinit { close(descriptor) }

    /// The bytes written to it so far.
    package var size: Int {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? Int(status.st_size) : 0
    }
}

/// What a test sees of a running `ledger` process from outside: how much it has written, and
/// whether it holds the write lock of its ledger file.
private final class ProcessWatch {
    private let io: Int32
    private let lockProbe: Int32
    private let pid: pid_t
    private let outputs: [OutputFile]

    /// Watches process `pid`, writing to `ledger` and to `outputs` as its standard output and error.
    package init(pid: pid_t, ledger: String, outputs: [OutputFile]) {
        self.pid = pid
        self.outputs = outputs
        io = open("/proc/\(pid)/io", O_RDONLY | O_CLOEXEC)
        lockProbe = open(ledger, O_RDWR | O_CLOEXEC)
    }

    deinit {
        if io >= 0 { close(io) }
        if lockProbe >= 0 { close(lockProbe) }
    }

    /// The bytes the process has passed to write calls (`wchar` of `/proc/PID/io`, readable until
    /// it is reaped) less those of its output; nil when `/proc/PID/io` cannot be read.
    package func written() -> Int? {
        ProcessIOCounters.value("wchar", in: io).map { calls in calls - outputs.reduce(0) { $0 + $1.size } }
    }

    /// Whether the process holds the write lock of its ledger file.
    package func holdsWriteLock() -> Bool { lockProbe >= 0 && WriteLockProbe.holder(of: lockProbe) == pid }
}
