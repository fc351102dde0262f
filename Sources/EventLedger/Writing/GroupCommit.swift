#if canImport(Glibc)
import Glibc
#endif

/// Merges appends made at the same time by several threads into one durable LMDB
/// transaction (group commit): one thread becomes the leader, runs every waiting append as
/// its own commit in one transaction, and commits them all with one fsync; the others wait
/// for their result. An append that fails fails alone: the transaction is aborted and
/// written again without it (LMDB's nested transactions would do the same, but each costs
/// a dirty-page list of its own, and a file whose pages are written in place allows none).
/// A leader elected right after a commit first gives that commit's writers a moment to
/// queue again (`gatherLastGroup`).
final class GroupCommit: @unchecked Sendable {
    /// One caller's append and, once the group is written, its outcome.
    private final class Request {
        let events: [PendingEvent]
        let mode: RuleMode
        let thread = pthread_self()
        var outcome: Result<AppendResult, any Error>?

        init(events: [PendingEvent], mode: RuleMode) {
            self.events = events
            self.mode = mode
        }
    }

    /// How long a leader waits for the writers of the previous group to queue again.
    private static let gatheringMicroseconds = 200

    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private let queued = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var waiting: [Request] = []
    private var leaderActive = false
    /// The threads whose appends made up the last group, and when it was committed.
    private var lastGroup: Set<pthread_t> = []
    private var lastGroupCommitted = ContinuousClock.now

    init() {
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(done, nil)
        pthread_cond_init(queued, nil)
    }

    deinit {
        pthread_cond_destroy(queued)
        pthread_cond_destroy(done)
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
        done.deallocate()
        queued.deallocate()
    }

    /// Called by a new leader with the mutex held: when the last group was committed just
    /// now and some of its threads have not queued again yet (they were just released and
    /// are on their way back), waits a moment for them, so that steady concurrent writers
    /// share one commit instead of alternating in two half-size groups. A lone writer, or
    /// one that appends now and then, never waits.
    private func gatherLastGroup() {
        guard ContinuousClock.now - lastGroupCommitted < .microseconds(Self.gatheringMicroseconds) else { return }
        let expected = lastGroup.union(waiting.map(\.thread)).count
        guard expected > waiting.count else { return }
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        deadline.tv_nsec += Self.gatheringMicroseconds * 1_000
        if deadline.tv_nsec >= 1_000_000_000 {
            deadline.tv_sec += 1
            deadline.tv_nsec -= 1_000_000_000
        }
        while waiting.count < expected, pthread_cond_timedwait(queued, mutex, &deadline) == 0 {}
    }

    /// Appends `events` as one commit, sharing the durable write with concurrent callers, committed by `writer`.
    func append(_ events: [PendingEvent], mode: RuleMode, writer: LedgerWriter) throws -> AppendResult {
        let request = Request(events: events, mode: mode)
        pthread_mutex_lock(mutex)
        waiting.append(request)
        pthread_cond_signal(queued)
        while request.outcome == nil && leaderActive { pthread_cond_wait(done, mutex) }
        if let outcome = request.outcome {
            pthread_mutex_unlock(mutex)
            return try outcome.get()
        }
        leaderActive = true
        gatherLastGroup()
        let group = waiting
        waiting.removeAll()
        lastGroup = Set(group.map(\.thread))
        pthread_mutex_unlock(mutex)

        let outcomes = commit(group, writer: writer)
        pthread_mutex_lock(mutex)
        for (request, outcome) in zip(group, outcomes) { request.outcome = outcome }
        lastGroupCommitted = ContinuousClock.now
        leaderActive = false
        pthread_cond_broadcast(done)
        pthread_mutex_unlock(mutex)
        return try request.outcome!.get()
    }

    /// Writes the appends of `group` in one transaction, each its own commit, and returns
    /// their outcomes in order. An append that fails aborts the transaction, which is then
    /// written again without it: the appends before it are made again exactly as they were
    /// (the same events in the same order), and the failure is that append's outcome alone.
    /// What fails the transaction itself (its commit, say) is the outcome of every append
    /// still in it.
    private func commit(_ group: [Request], writer: LedgerWriter) -> [Result<AppendResult, any Error>] {
        var outcomes: [Result<AppendResult, any Error>?] = group.map { _ in nil }
        while true {
            let members = group.indices.filter { outcomes[$0] == nil }
            guard !members.isEmpty else { return outcomes.map { $0! } }
            let events = members.reduce(0) { $0 + group[$1].events.count }
            var failedMember: Int?
            do {
                let results = try writer.commit(reserving: events * Environment.bytesPerEvent) { txn, now in
                    failedMember = nil
                    return try members.map { index in
                        do {
                            return try writer.appender(in: txn).append(group[index].events, mode: group[index].mode, recordedAt: now)
                        } catch {
                            failedMember = index
                            throw error
                        }
                    }
                }
                for (index, result) in zip(members, results) { outcomes[index] = .success(result) }
            } catch {
                if let failedMember {
                    outcomes[failedMember] = .failure(error)
                } else {
                    for index in members { outcomes[index] = .failure(error) }
                }
            }
        }
    }
}
