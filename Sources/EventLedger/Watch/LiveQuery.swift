import Observation

/// The latest value of an observation of a ledger (see `Ledger.observe(_:)`), kept current
/// as any process commits, for UI code: a view reading `value` is redrawn by Observation after
/// every commit that changed it, with no reload. Observes until `cancel()` is called or the
/// object is released.
///
/// ```swift
/// let lists = LiveQuery(ledger) { reader in try TodoListSummary.all(in: reader) }
/// let shown = try await lists.firstValue()  // commits from now on show in `lists.value`
/// ```
@MainActor @Observable
public final class LiveQuery<Value: Sendable> {
    /// The latest value; nil until the first one is read.
    public private(set) var value: Value?
    /// What ended the observation when it failed (the observed closure's or query's error,
    /// the ledger file removed); nil while it runs.
    public private(set) var error: (any Error)?
    /// The task copying the observed values into `value`.
    @ObservationIgnored private var observation: Task<Void, Never>?
    /// The first value read, or what ended the observation before.
    private let first = FirstOutcome<Value>()

    /// Starts observing the value `body` reads from `ledger`'s read models, as
    /// `Ledger.observe(_:)` does: `value` changes after each commit that changed it.
    public convenience init(_ ledger: Ledger, _ body: @escaping @Sendable (ReadModelReader) throws -> Value)
    where Value: Equatable {
        self.init(observing: { try await ledger.observe(body) })
    }

    /// Starts observing the query called `name` of `ledger` with `input`, as
    /// `Ledger.observe(_:_:)` does.
    public convenience init(_ ledger: Ledger, query name: String, _ input: QueryDefinition.Input = .init())
    where Value == QueryResult {
        self.init(observing: { try await ledger.observe(name, input) })
    }

    /// Starts copying the values of the sequence `start` returns into `value`.
    private init(observing start: @escaping @Sendable () async throws -> AsyncThrowingStream<Value, any Error>) {
        observation = Task { [weak self, first] in
            do {
                for try await value in try await start() {
                    guard let self else { return }
                    self.value = value
                    first.set(.success(value))
                }
                first.set(.failure(CancellationError()))
            } catch {
                self?.error = error
                first.set(.failure(error))
            }
        }
    }

    deinit {
        observation?.cancel()
    }

    /// The first value, once read: from then on every commit shows in `value`. Throws the
    /// error that ended the observation before it, or `CancellationError` when it was
    /// cancelled (or the calling task was) before.
    public func firstValue() async throws -> Value {
        try await first.value()
    }

    /// Stops observing; `value` keeps the last value.
    public func cancel() {
        observation?.cancel()
    }
}
