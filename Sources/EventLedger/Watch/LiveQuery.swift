import Observation

/// The latest result of one query, kept current as any process commits, for UI code: a view
/// reading `result` is refreshed by Observation after every commit that changed it, with no
/// reload. Observes until `cancel()` is called or the object is released.
@MainActor @Observable
public final class LiveQuery {
    /// The query's latest result; nil until the first one is read.
    public private(set) var result: QueryResult?
    /// What ended the observation when it failed (the queried entity does not exist, the
    /// ledger file was removed); nil while it runs.
    public private(set) var error: (any Error)?
    /// The task copying the observed results into `result`.
    @ObservationIgnored private var observation: Task<Void, Never>?

    /// Starts observing the query called `name` of `ledger` with `input`.
    public init(_ ledger: Ledger, query name: String, _ input: QueryDefinition.Input = .init()) {
        let results = ledger.observe(name, input)
        observation = Task { [weak self] in
            do {
                for try await result in results {
                    guard let self else { return }
                    self.result = result
                }
            } catch {
                self?.error = error
            }
        }
    }

    deinit {
        observation?.cancel()
    }

    /// Stops observing; `result` keeps the last value.
    public func cancel() {
        observation?.cancel()
    }
}
