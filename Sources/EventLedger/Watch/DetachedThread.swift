#if canImport(Glibc)
import Glibc
#endif

/// Runs a long blocking loop on a thread of its own, so it never takes a thread from a
/// shared pool (Dispatch's global queues allow only about one thread per core).
enum DetachedThread {
    /// Starts `body` on a new detached thread, named `name` (at most 15 bytes, as
    /// `/proc/self/task/*/comm` shows it) when one is given.
    static func start(named name: String? = nil, _ body: @escaping @Sendable () -> Void) throws {
        pthread_detach(
            try Threads.start {
                if let name { nameCurrentThread(name) }
                body()
            })
    }

    /// Names the calling thread through /proc (Glibc's `pthread_setname_np` is not visible
    /// to Swift); a name that cannot be set is left unset.
    private static func nameCurrentThread(_ name: String) {
        let file = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard file >= 0 else { return }
        defer { close(file) }
        _ = name.utf8CString.withUnsafeBufferPointer { write(file, $0.baseAddress, $0.count - 1) }
    }
}
