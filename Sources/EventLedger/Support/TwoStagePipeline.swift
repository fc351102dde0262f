import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Work done in steps of two stages on two threads: a helper thread produces each step into
/// one of two buffers while the calling thread consumes the step before from the other.
/// For work whose first stage only reads memory (gathering rows scattered through it) and
/// whose second must stay on the calling thread (writing them in its transaction).
final class TwoStagePipeline<Buffer>: @unchecked Sendable {
    private let buffers: UnsafeMutablePointer<Buffer>
    /// Per buffer: signalled when it holds a produced step, and when it may be filled again.
    private let produced = [Semaphore(0), Semaphore(0)]
    private let consumed = [Semaphore(1), Semaphore(1)]
    private let stopped = Atomic<Bool>(false)
    /// The step at which `produce` had nothing more (-1 until then).
    private let lastStep = Atomic<Int>(-1)

    /// A pipeline whose two buffers start as `empty`.
    init(_ empty: Buffer) {
        buffers = .allocate(capacity: 2)
        buffers.initialize(repeating: empty, count: 2)
    }

    deinit {
        buffers.deinitialize(count: 2)
        buffers.deallocate()
    }

    /// Runs `produce(step, &buffer)` on a helper thread and `consume(step, buffer)` on this
    /// one, for each step of `steps` in order. When `consume` throws, the helper stops after
    /// the step it is producing, and the error is rethrown once it has.
    func run(steps: Int, produce: @escaping (Int, inout Buffer) -> Void, consume: (Int, Buffer) throws -> Void) throws {
        try run(
            produce: { step, buffer in
                guard step < steps else { return false }
                produce(step, &buffer)
                return true
            }, consume: consume)
    }

    /// Runs `produce(step, &buffer)` on a helper thread and `consume(step, buffer)` on this
    /// one, for steps 0, 1, 2… in order, until `produce` returns false: it has nothing more,
    /// and that buffer is not consumed. When `consume` throws, the helper stops after the
    /// step it is producing, and the error is rethrown once it has.
    func run(produce: @escaping (Int, inout Buffer) -> Bool, consume: (Int, Buffer) throws -> Void) throws {
        let producer = try Threads.start { [self] in
            var step = 0
            while true {
                consumed[step & 1].wait()
                if stopped.load(ordering: .relaxed) { return }
                let more = produce(step, &buffers[step & 1])
                if !more { lastStep.store(step, ordering: .releasing) }
                produced[step & 1].signal()
                if !more { return }
                step += 1
            }
        }
        defer { pthread_join(producer, nil) }
        do {
            var step = 0
            while true {
                produced[step & 1].wait()
                if lastStep.load(ordering: .acquiring) == step { return }
                try consume(step, buffers[step & 1])
                consumed[step & 1].signal()
                step += 1
            }
        } catch {
            stopped.store(true, ordering: .relaxed)
            for semaphore in consumed { semaphore.signal() }
            throw error
        }
    }
}

/// A POSIX counting semaphore.
private final class Semaphore: @unchecked Sendable {
    private let handle = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    init(_ value: UInt32) {
        sem_init(handle, 0, value)
    }

    deinit {
        sem_destroy(handle)
        handle.deallocate()
    }

    func wait() {
        while sem_wait(handle) != 0 {}
    }

    func signal() {
        sem_post(handle)
    }
}
