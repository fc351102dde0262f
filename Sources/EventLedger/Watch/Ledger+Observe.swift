extension Ledger {
    /// The result of the query called `name`, now and again after each commit (from any
    /// process) that changed it: a commit after which the result equals the last one yielded
    /// yields nothing. Ends when the consuming task is cancelled or the sequence is dropped;
    /// ends by throwing the query's error (e.g. `.notFound` when the queried entity does not
    /// exist) or the watch's `.storage` error when the ledger file is removed or replaced.
    public func observe(_ name: String, _ input: QueryDefinition.Input = .init()) -> AsyncThrowingStream<QueryResult, any Error> {
        // Watching begins before the first run, so no commit falls between the two.
        let commits = commits()
        let (results, continuation) = AsyncThrowingStream<QueryResult, any Error>.makeStream()
        let observation = Task {
            do {
                var last = try query(name, input)
                continuation.yield(last)
                for try await _ in commits {
                    let result = try query(name, input)
                    guard !result.isSame(as: last) else { continue }
                    continuation.yield(result)
                    last = result
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in observation.cancel() }
        return results
    }
}

extension QueryResult {
    /// Whether `other` has the same JSON form and the same table.
    func isSame(as other: QueryResult) -> Bool {
        json == other.json && title == other.title && columns == other.columns && rows == other.rows
    }
}
