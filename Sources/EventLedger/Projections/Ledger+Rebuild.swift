/// What a rebuild did.
public struct RebuildReport: Sendable {
    /// The read models rebuilt.
    public let projections: [String]
    /// Events replayed.
    public let events: UInt64
    /// Wall-clock seconds the rebuild took, commit included.
    public let seconds: Double

    /// Events replayed per second.
    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : Double(events) }
}

extension Ledger {
    /// The names of the read models, e.g. `artist-songs`.
    public var projectionNames: [String] { catalog.domains.map(\.projectionName) }

    /// Drops the named read models (all when `projections` is empty) and rebuilds them from
    /// the log in one transaction: readers see the old state until it commits.
    /// `progress` is called now and then with (events applied, events in the log).
    @discardableResult
    public func rebuild(_ projections: [String] = [], progress: (UInt64, UInt64) -> Void = { _, _ in }) throws -> RebuildReport {
        let indexes = try domainIndexes(projections)
        let started = Timestamp.now()
        // The old rows' pages are freed only at the commit: room for a second copy of the file.
        let events = try environment.write(reserving: environment.usedBytes) { txn in
            try Rebuilder(catalog: catalog, tables: tables, txn: txn)
                .run(domainIndexes: indexes, includingLinks: indexes.count == catalog.domains.count, progress: progress)
        }
        let seconds = Double(Timestamp.now().microseconds - started.microseconds) / 1_000_000
        return RebuildReport(projections: indexes.sorted().map { catalog.domains[$0].projectionName },
                             events: events, seconds: seconds)
    }

    func domainIndexes(_ projections: [String]) throws -> Set<Int> {
        guard !projections.isEmpty else { return Set(catalog.domains.indices) }
        return Set(try projections.map { name in
            guard let index = catalog.domains.firstIndex(where: { $0.projectionName == name }) else {
                throw LedgerError(.invalidInput, "unknown read model \"\(name)\" (known: \(projectionNames.joined(separator: ", ")))",
                                  subject: name)
            }
            return index
        })
    }
}
