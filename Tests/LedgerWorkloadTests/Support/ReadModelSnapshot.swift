import EventLedger
import Testing

/// The JSON answer of every query of the demo domains at one point: each list query (with
/// and without its flag), `artist-songs` of every live artist and `category-animals` of
/// every live category, keyed by query and argument (e.g. `artist-songs ar:12`).
struct ReadModelSnapshot: Equatable {
    /// Runs one query, e.g. `ledger.query` or `ledger.query(…, asOf:)`.
    typealias Query = (String, QueryDefinition.Input) throws -> QueryResult

    private static let listQueries: [(name: String, flags: Set<String>)] = [
        ("artists", []), ("songs", []), ("songs", ["orphans"]), ("categories", []),
        ("animals", []), ("animals", ["uncategorized"]), ("favorites", []),
    ]

    private(set) var answers: [String: JSONValue] = [:]

    /// Takes the snapshot through `query`.
    init(_ query: Query) throws {
        for (name, flags) in Self.listQueries {
            answers[([name] + flags.map { "--\($0)" }).joined(separator: " ")] = try query(name, .init(flags: flags)).json
        }
        for artistId in ids("artistId", in: "artists") {
            answers["artist-songs \(artistId)"] = try query("artist-songs", .init(argument: artistId)).json
        }
        for categoryId in ids("categoryId", in: "categories") {
            answers["category-animals \(categoryId)"] = try query("category-animals", .init(argument: categoryId)).json
        }
    }

    /// The current read models of `ledger`.
    init(current ledger: Ledger) throws {
        try self.init { name, input in try ledger.query(name, input) }
    }

    /// The read models of `ledger` as of `position`.
    init(_ ledger: Ledger, asOf position: UInt64) throws {
        try self.init { name, input in try ledger.query(name, input, asOf: .position(position)) }
    }

    /// The snapshot without the favourites' `addedAt`: the commit time, which differs
    /// between a ledger and another one the same events were appended to later.
    var withoutFavoriteTimes: ReadModelSnapshot {
        var copy = self
        copy.answers["favorites"] = answers["favorites"]?.arrayValue.map { favorites in
            .array(favorites.map { favorite in .object(favorite.objectValue?.filter { $0.key != "addedAt" } ?? [:]) })
        }
        return copy
    }

    private func ids(_ field: String, in list: String) -> [String] {
        answers[list]?.arrayValue?.compactMap { $0.objectValue?[field]?.stringValue } ?? []
    }
}

/// Expects `actual` to equal `expected`, naming how many answers differ and the first one.
func expectSame(
    _ actual: ReadModelSnapshot, _ expected: ReadModelSnapshot, _ context: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let keys = Set(actual.answers.keys).union(expected.answers.keys)
    let differing = keys.filter { actual.answers[$0] != expected.answers[$0] }.sorted()
    guard let first = differing.first else { return }
    let shown = { (answer: JSONValue?) in answer?.serializedString() ?? "(missing)" }
    Issue.record(
        """
        \(context): \(differing.count) of \(keys.count) read-model answers differ; first, \(first):
          actual:   \(shown(actual.answers[first]))
          expected: \(shown(expected.answers[first]))
        """, sourceLocation: sourceLocation)
}
