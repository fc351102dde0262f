#if canImport(Glibc)
import Glibc
#endif

/// Runs a long blocking loop on a thread of its own, so it never takes a thread from a
/// shared pool (Dispatch's global queues allow only about one thread per core).
enum DetachedThread {
    /// Starts `body` on a new detached thread.
    static func start(_ body: @escaping @Sendable () -> Void) throws {
        pthread_detach(try Threads.start(body))
    }
}
