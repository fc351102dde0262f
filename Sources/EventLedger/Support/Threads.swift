import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Plain threads, for work that blocks (a durable `append`) or keeps a core busy for
/// seconds (folding a read model), which Swift's cooperative pool would serialise or starve.
package enum Threads {
    /// What one thread runs.
    private final class Work: @unchecked Sendable {
        let body: () -> Void

        init(_ body: @escaping () -> Void) {
            self.body = body
        }
    }

    /// The threads' results: each slot written by one thread, all read after every thread is
    /// joined; and how many threads have finished.
    private final class Slots<Result>: @unchecked Sendable {
        let results: UnsafeMutableBufferPointer<Result?>
        let finished = Atomic<Int>(0)

        init(_ count: Int) {
            results = .allocate(capacity: count)
            results.initialize(repeating: nil)
        }

        deinit {
            results.deinitialize()
            results.deallocate()
        }
    }

    /// Runs `body(0)` … `body(count - 1)` each on a new thread, all at once, and returns
    /// their results in index order once every thread has finished. Until then, when
    /// `waiting` is given, it is called on this thread about every 20 ms. Throws when a
    /// thread cannot be started, once the threads already started have finished.
    package static func run<Result>(_ count: Int, waiting: (() -> Void)? = nil, _ body: @escaping (Int) -> Result) throws -> [Result] {
        let slots = Slots<Result>(count)
        var threads: [pthread_t] = []
        defer { for thread in threads { pthread_join(thread, nil) } }
        for index in 0..<count {
            threads.append(
                try start {
                    slots.results[index] = body(index)
                    slots.finished.add(1, ordering: .releasing)
                })
        }
        if let waiting {
            while slots.finished.load(ordering: .acquiring) < count {
                waiting()
                usleep(20_000)
            }
        }
        for thread in threads { pthread_join(thread, nil) }
        threads = []
        return slots.results.map { $0! }
    }

    /// Starts `body` on a new thread, to be joined or detached by the caller.
    static func start(_ body: @escaping () -> Void) throws -> pthread_t {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(
            &thread, nil,
            { argument in
                Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue().body()
                return nil
            }, work)
        guard created == 0 else {
            Unmanaged<Work>.fromOpaque(work).release()
            // A thread's stack is mapped memory: under a memory limit, that is what runs out.
            let cause = created == EAGAIN ? "out of memory or too many threads: " : ""
            throw LedgerError(.storage, "cannot start a thread: \(cause)\(String(cString: strerror(created)))")
        }
        return thread
    }
}
