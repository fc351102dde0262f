import EventLedger
import Testing

/// A query an undo must return to its answer of the past: its name, argument and flags.
public struct CheckedQuery: Sendable, CustomStringConvertible {
    /// The query's name, e.g. `category-animals`.
    public let name: String
    /// Its argument, e.g. a category id.
    public let argument: String?
    /// Its flags, e.g. `uncategorized`.
    public let flags: Set<String>

    /// The query `name` with `argument` and `flags`.
    public init(_ name: String, _ argument: String? = nil, flags: Set<String> = []) {
        self.name = name
        self.argument = argument
        self.flags = flags
    }

    /// `name argument --flag…`, for failure messages.
    public var description: String { ([name] + [argument].compactMap { $0 } + flags.sorted().map { "--\($0)" }).joined(separator: " ") }

    /// The query's JSON answer as of `point` (nil: now), or its error's kind and message.
    public func answer(_ ledger: Ledger, asOf point: LogPoint?) -> String {
        let input = QueryDefinition.Input(argument: argument, flags: flags)
        do throws(LedgerError) {
            let result: QueryResult
            if let point { result = try ledger.query(name, input, asOf: point) } else { result = try ledger.query(name, input) }
            return result.json.serializedString()
        } catch {
            return "\(error.kind): \(error.message)"
        }
    }
}

/// Undoes the commit `undone` reports and expects every query of `queries` to answer as it
/// did just before that commit (`--as-of` the position before its first event); returns
/// what the undo appended.
@discardableResult
public func undoExpectingPastAnswers(
    _ ledger: Ledger, _ undone: AppendResult, _ queries: [CheckedQuery],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> AppendResult {
    let before = try #require(undone.positions.first, sourceLocation: sourceLocation) - 1
    let undo = try #require(
        try ledger.undo(commit: undone.commit), "commit \(undone.commit) changed nothing undoable",
        sourceLocation: sourceLocation)
    expectAnswers(ledger, queries, asOf: before, "after undoing commit \(undone.commit)", sourceLocation: sourceLocation)
    return undo
}

/// Expects every query of `queries` to answer now as it did as of `position`; `when` says
/// when, in failure messages.
public func expectAnswers(
    _ ledger: Ledger, _ queries: [CheckedQuery], asOf position: UInt64, _ when: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for query in queries {
        #expect(
            query.answer(ledger, asOf: nil) == query.answer(ledger, asOf: .position(position)), "\(query) \(when)",
            sourceLocation: sourceLocation)
    }
}
