/// What a rebuild did.
public struct RebuildReport: Sendable {
    /// The read models rebuilt.
    public let projections: [String]
    /// Events of the log replayed (into every read model rebuilt).
    public let events: UInt64
    /// Wall-clock seconds the rebuild took, commits included.
    public let seconds: Double

    /// Events replayed per second.
    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : Double(events) }
}

extension Ledger {
    /// The names of the read models, e.g. `artist-songs`.
    public var projectionNames: [String] { catalog.domains.map(\.projectionName) }

    /// Drops the named read models (all when `projections` is empty) and rebuilds them from
    /// the log, each in one transaction of its own: readers see a read model's old state until
    /// its new one commits, and the rebuild holds in memory one read model's new pages at a
    /// time. `progress` is called now and then with (events applied, events in the log),
    /// counted over all the read models.
    @discardableResult
    public func rebuild(_ projections: [String] = [], progress: (UInt64, UInt64) -> Void = { _, _ in }) throws -> RebuildReport {
        let indexes = try domainIndexes(projections).sorted()
        let started = Timestamp.now()
        var events: UInt64 = 0
        for (pass, index) in indexes.enumerated() {
            // The old rows' pages are freed only at the commit: room for a second copy of the file.
            events = try environment.write(reserving: environment.usedBytes) { txn in
                try Rebuilder(catalog: catalog, tables: tables, txn: txn).run(domainIndex: index) { scanned, total in
                    progress((UInt64(pass) * total + scanned) / UInt64(indexes.count), total)
                }
            }
        }
        let seconds = Double(Timestamp.now().microseconds - started.microseconds) / 1_000_000
        return RebuildReport(projections: indexes.map { catalog.domains[$0].projectionName }, events: events, seconds: seconds)
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
