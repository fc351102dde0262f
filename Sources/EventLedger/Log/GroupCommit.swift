#if canImport(Glibc)
import Glibc
#endif

/// Merges appends made at the same time by several threads into one durable LMDB
/// transaction (group commit): one thread becomes the leader, runs every waiting append in
/// its own nested transaction — so each is still its own commit and one that fails rolls
/// back alone — and commits them all with one fsync; the others wait for their result.
final class GroupCommit: @unchecked Sendable {
    /// One caller's append and, once the group is written, its outcome.
    private final class Request {
        let events: [PendingEvent]
        let mode: RuleMode
        var outcome: Result<AppendResult, any Error>?

        init(events: [PendingEvent], mode: RuleMode) {
            self.events = events
            self.mode = mode
        }
    }

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: [Request] = []
    private var leaderActive = false

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(done, nil)
    }

    deinit {
        pthread_cond_destroy(done)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        done.deallocate()
    }

    /// Appends `events` as one commit, sharing the durable write with concurrent callers.
    func append(_ events: [PendingEvent], mode: RuleMode, in environment: Environment,
                _ appender: @escaping (Transaction) -> Appender) throws -> AppendResult {
        let request = Request(events: events, mode: mode)
        pthread_mutex_lock(mutex)
        waiting.append(request)
        while request.outcome == nil && leaderActive { pthread_cond_wait(done, mutex) }
        if let outcome = request.outcome {
            pthread_mutex_unlock(mutex)
            return try outcome.get()
        }
        leaderActive = true
        let group = waiting
        waiting.removeAll()
        pthread_mutex_unlock(mutex)

        let outcomes: [Result<AppendResult, any Error>]
        do {
            let events = group.reduce(0) { $0 + $1.events.count }
            outcomes = try environment.write(reserving: events * Environment.bytesPerEvent) { txn in
                // Alone, an append needs no nested transaction: its failure aborts only itself.
                guard group.count > 1 else {
                    return [.success(try appender(txn).append(request.events, mode: request.mode))]
                }
                return group.map { request in
                    Result { try txn.withCommittedChild { child in try appender(child).append(request.events, mode: request.mode) } }
                }
            }
        } catch {
            outcomes = group.map { _ in .failure(error) }
        }
        pthread_mutex_lock(mutex)
        for (request, outcome) in zip(group, outcomes) { request.outcome = outcome }
        leaderActive = false
        pthread_cond_broadcast(done)
        pthread_mutex_unlock(mutex)
        return try request.outcome!.get()
    }
}
