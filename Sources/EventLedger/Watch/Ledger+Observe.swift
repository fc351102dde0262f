extension Ledger {
    /// The value `body` reads from the current read models (run as `read(_:)` runs it), now
    /// and again after each commit, from any process, that changed it: a commit after which
    /// the value equals (`==`) the last one yielded yields nothing.
    ///
    /// Returns once the commits are watched and the first value is read, which the sequence
    /// yields first: that value is the state before any commit made after the return, and
    /// every such commit is seen, with no wait in between.
    ///
    /// ```swift
    /// let lists = try await ledger.observe { reader in try TodoListSummary.all(in: reader) }
    /// for try await summaries in lists { show(summaries) }
    /// ```
    ///
    /// Throws `body`'s error when the first read fails, and a `.storage` error when the file
    /// cannot be watched. The sequence ends when the consuming task is cancelled or the
    /// sequence is dropped; it ends by throwing `body`'s error, or the watch's `.storage`
    /// error when the ledger file is removed or replaced.
    public func observe<Value: Equatable & Sendable>(
        _ body: @escaping @Sendable (ReadModelReader) throws -> Value
    ) async throws -> AsyncThrowingStream<Value, any Error> {
        try observe(reading: { try self.read(body) }, isSame: ==)
    }

    /// The result of the query called `name` with `input`, observed as `observe(_:)` observes
    /// a value: a result with the same JSON form and table as the last one yielded is not
    /// yielded again. Throws the first run's error, e.g. `.notFound` when the queried entity
    /// does not exist; the sequence ends by throwing a later run's error.
    public func observe(
        _ name: String, _ input: QueryDefinition.Input = .init()
    ) async throws(LedgerError) -> AsyncThrowingStream<QueryResult, any Error> {
        try LedgerError.typed { try observe(reading: { try self.query(name, input) }, isSame: { $0.isSame(as: $1) }) }
    }

    /// What `current()` returns, first once the commits are watched, then after each commit
    /// when it is not the same as the last value yielded.
    private func observe<Value: Sendable>(
        reading current: @escaping @Sendable () throws -> Value, isSame: @escaping @Sendable (Value, Value) -> Bool
    ) throws -> AsyncThrowingStream<Value, any Error> {
        // Watching begins before the first read, so no commit falls between the two.
        let commits = try watchedChanges()
        let first = try current()
        let (values, continuation) = AsyncThrowingStream<Value, any Error>.makeStream()
        continuation.yield(first)
        let observation = Task {
            do {
                var last = first
                for try await _ in commits {
                    let value = try current()
                    guard !isSame(value, last) else { continue }
                    continuation.yield(value)
                    last = value
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in observation.cancel() }
        return values
    }
}

extension QueryResult {
    /// Whether `other` has the same JSON form and the same table.
    func isSame(as other: QueryResult) -> Bool {
        json == other.json && title == other.title && columns == other.columns && rows == other.rows
    }
}
