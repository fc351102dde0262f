import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// Runs another program to completion: the C baselines, the `ledger` tool, the `sqlite3` CLI.
enum ChildProcess {
    /// What a finished program did and cost.
    struct Outcome {
        /// Its standard output, when captured.
        let output: [UInt8]
        /// Wall-clock time from spawning it to reaping it.
        let seconds: Double
        /// Its peak resident set size (`ru_maxrss`), mapped file pages included, in MiB.
        let peakMebibytes: Double
        /// The largest anonymous resident size (heap, stacks) seen while sampling it every
        /// few milliseconds, in MiB; nil unless sampling was asked for.
        let peakAnonymousMebibytes: Double?
    }

    /// Runs `arguments` (the program looked up in `PATH` when it has no slash) with stdin
    /// and, unless `captureOutput`, stdout on /dev/null; stderr is this process's. Throws
    /// when it cannot be started or does not exit with 0.
    static func run(_ arguments: [String], captureOutput: Bool = false, sampleMemory: Bool = false) throws -> Outcome {
        var pipeEnds: [Int32] = [-1, -1]
        if captureOutput, pipe(&pipeEnds) != 0 { throw failure(arguments, String(cString: strerror(errno))) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], STDOUT_FILENO)
            posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
            posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }

        let clock = ContinuousClock()
        let started = clock.now
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw failure(arguments, String(cString: strerror(spawned))) }
        var output: [UInt8] = []
        if captureOutput {
            close(pipeEnds[1])
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(pipeEnds[0], &chunk, chunk.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                output += chunk.prefix(count)
            }
            close(pipeEnds[0])
        }
        var status: Int32 = 0
        var usage = rusage()
        var peakAnonymous: Double?
        if sampleMemory {
            peakAnonymous = 0
            while wait4(pid, &status, WNOHANG, &usage) == 0 {
                peakAnonymous = max(peakAnonymous!, ProcessMemory.anonymousMebibytes(of: "\(pid)"))
                usleep(2_000)
            }
        } else {
            while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        }
        let seconds = (clock.now - started).seconds
        // WIFEXITED and WEXITSTATUS, which Swift does not import.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw failure(arguments, status & 0x7f == 0 ? "exit status \((status >> 8) & 0xff)" : "signal \(status & 0x7f)")
        }
        return Outcome(
            output: output, seconds: seconds, peakMebibytes: Double(usage.ru_maxrss) / 1024,
            peakAnonymousMebibytes: peakAnonymous)
    }

    private static func failure(_ arguments: [String], _ reason: String) -> LedgerError {
        LedgerError(.storage, "\(arguments.joined(separator: " ")) failed: \(reason)")
    }
}
