#if canImport(Glibc)
import Glibc
#endif

/// Runs a long blocking loop on a thread of its own, so it never takes a thread from a
/// shared pool (Dispatch's global queues allow only about one thread per core).
enum DetachedThread {
    private final class Work {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }

    /// Starts `body` on a new detached thread.
    static func start(_ body: @escaping @Sendable () -> Void) throws {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, work)
        guard created == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            throw LedgerError(.storage, "cannot start a thread: \(String(cString: strerror(created)))")
        }
        pthread_detach(thread)
    }
}
