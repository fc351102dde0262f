import Observation

/// Waits until `condition` holds, looking at it again after each change of the observable
/// properties it reads (Observation): no polling, no sleep. Bound the wait with the test's
/// time limit.
@MainActor
public func untilObserved(_ condition: @escaping @MainActor () -> Bool) async {
    while !condition() {
        // Registered on the main actor right after the check, before anything can change.
        await withCheckedContinuation { changed in
            withObservationTracking {
                _ = condition()
            } onChange: {
                changed.resume()
            }
        }
    }
}
