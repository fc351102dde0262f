#if canImport(Glibc)
import Glibc
#endif

/// Plain threads, for work that blocks (a durable `append`), which Swift's cooperative
/// pool (one thread per core) would serialise.
enum Threads {
    /// What one thread runs.
    private final class Work: @unchecked Sendable {
        let body: () -> Void

        init(_ body: @escaping () -> Void) {
            self.body = body
        }
    }

    /// The threads' results: each slot written by one thread, all read after every thread is joined.
    private final class Slots<Result>: @unchecked Sendable {
        let results: UnsafeMutableBufferPointer<Result?>

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
    /// their results in index order once every thread has finished.
    static func run<Result>(_ count: Int, _ body: @escaping (Int) -> Result) -> [Result] {
        let slots = Slots<Result>(count)
        let threads = (0..<count).map { index in
            let work = Work { slots.results[index] = body(index) }
            var thread = pthread_t()
            let created = pthread_create(&thread, nil, { argument in
                Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue().body()
                return nil
            }, Unmanaged.passRetained(work).toOpaque())
            precondition(created == 0, "cannot create a thread: \(String(cString: strerror(created)))")
            return thread
        }
        for thread in threads { pthread_join(thread, nil) }
        return slots.results.map { $0! }
    }
}
