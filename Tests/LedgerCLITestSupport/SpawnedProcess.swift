import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A program started with `posix_spawn` rather than Foundation's `Process`, which reaps its
/// child the moment it ends: this one is reaped only when asked, so that what the kernel
/// counted of the process (its `/proc/PID/io`) can still be read once it has ended.
package final class SpawnedProcess {
    package let pid: pid_t
    private var reaped = false

    /// How a process ended.
    package enum Termination: Equatable {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Starts `executable ARGS` in `directory` with the environment of the tests (without
    /// `LEDGER_PATH`) plus `environment`, standard input on the null device and standard output
    /// and error on the open files `output` and `errors`; no other descriptor of the tests is
    /// passed on, no signal is blocked or ignored.
    package init(
        _ executable: String, _ arguments: [String], in directory: String, output: Int32, errors: Int32,
        environment: [String: String] = [:]
    ) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, errors, 2)
        guard let closeFrom = Self.closeFrom, let changeDirectory = Self.changeDirectory else {
            throw SetupFailure("the C library has no posix_spawn_file_actions_addclosefrom_np or _addchdir_np")
        }
        _ = closeFrom(&actions, 3)
        _ = changeDirectory(&actions, directory)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), all = sigset_t()
        sigemptyset(&none)
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = ProcessPlumbing.environment(environment).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid = pid_t()
        let code = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard code == 0 else {
            throw SetupFailure("cannot start \(executable): \(String(cString: strerror(code)))")
        }
        self.pid = pid
    }

    /// `posix_spawn_file_actions_addclosefrom_np` and `posix_spawn_file_actions_addchdir_np`,
    /// which the C library has but its Swift module does not show.
    private static let closeFrom = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np").map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32).self)
    }
    private static let changeDirectory = dlsym(nil, "posix_spawn_file_actions_addchdir_np").map {
        unsafeBitCast($0, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32).self)
    }

    /// Reaps the process if nobody did, killing it first if it still runs.
    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            _ = reap()
        }
    }

    /// Whether the process has ended (it stays a zombie until reaped).
    package var hasEnded: Bool {
        var info = siginfo_t()
        return waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info._sifields._sigchld.si_pid == pid
    }

    /// Waits for the process to end, without reaping it.
    package func waitForEnd() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0, errno == EINTR {}
    }

    /// Waits for the process to end and reaps it: how it ended.
    package func reap() -> Termination {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        reaped = true
        let signal = status & 0x7f
        return signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
