/// The first outcome of something that happens on the main actor, awaited by any number of
/// tasks: each waits until it is set, or until the task itself is cancelled.
@MainActor
final class FirstOutcome<Value: Sendable> {
    /// The outcome; nil until set.
    private var outcome: Result<Value, any Error>?
    /// The tasks waiting for it, by the number each was given.
    private var waiters: [Int: CheckedContinuation<Value, any Error>] = [:]
    /// The number the next waiter is given.
    private var nextWaiter = 0

    /// Sets the outcome and resumes the tasks waiting for it, unless it was set before.
    func set(_ result: Result<Value, any Error>) {
        guard outcome == nil else { return }
        outcome = result
        let waiting = waiters.values
        waiters = [:]
        for waiter in waiting { waiter.resume(with: result) }
    }

    /// The outcome's value, once set, or its error; `CancellationError` when the calling task
    /// is cancelled first.
    func value() async throws -> Value {
        if let outcome { return try outcome.get() }
        let waiter = nextWaiter
        nextWaiter += 1
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                // A cancellation handled before this point found no waiter to resume.
                if Task.isCancelled {
                    continuation.resume(throwing: CancellationError())
                } else {
                    waiters[waiter] = continuation
                }
            }
        } onCancel: {
            Task { @MainActor in self.stopWaiting(waiter) }
        }
    }

    /// Resumes the waiter numbered `waiter`, if still waiting, with `CancellationError`.
    private func stopWaiting(_ waiter: Int) {
        waiters.removeValue(forKey: waiter)?.resume(throwing: CancellationError())
    }
}
