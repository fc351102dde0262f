import Synchronization

/// What a rebuild did.
public struct RebuildReport: Sendable {
    /// The read models rebuilt.
    public let readModels: [String]
    /// Events of the log replayed (into every read model rebuilt).
    public let events: UInt64
    /// Wall-clock seconds the rebuild took, commits included.
    public let seconds: Double

    /// Events replayed per second.
    public var eventsPerSecond: Double { seconds > 0 ? Double(events) / seconds : Double(events) }
}

extension Ledger {
    /// The names of the read models, e.g. `artist-songs`.
    public var readModelNames: [String] { catalog.domains.map(\.readModelName) }

    /// Drops the named read models (all when `readModels` is empty) and rebuilds them from
    /// the log; one recorded as built by a newer version of its domain, or whose version record
    /// is damaged, is not rebuilt (`.storage` or `.corruption`, naming it). They are folded in
    /// memory side by side, each from a read transaction of its own, and then stored one by
    /// one, each in a write transaction that also folds the events appended meanwhile: readers
    /// see a read model's old state until its new one commits. Memory stays bounded however
    /// long the log: folds that outgrow about 256 MiB together stop, and go on in their write
    /// transactions, writing their rows out in parts (other writers wait meanwhile). `progress`
    /// is called now and then, on this thread, with (events of the log folded, events in the
    /// log), averaged over the read models: through the folds side by side, then through the
    /// writes of those that stopped; the other writes come after it reaches the end.
    @discardableResult
    public func rebuild(_ readModels: [String] = [], progress: (UInt64, UInt64) -> Void = { _, _ in }) throws(LedgerError) -> RebuildReport {
        try rebuild(readModels, limits: .standard, progress: progress)
    }

    /// `rebuild(_:progress:)`, its folds' memory bounded by `limits`.
    func rebuild(
        _ readModels: [String], limits: FoldMemoryLimits,
        progress: (UInt64, UInt64) -> Void = { _, _ in }
    ) throws(LedgerError) -> RebuildReport {
        try LedgerError.typed {
            let started = Timestamp.now()
            let indexes = try domainIndexes(readModels).sorted()
            let events = try head().position
            let folds = try foldReadModels(indexes, limits: limits, progress: progress)
            // Events of the log folded, over all read models: the folds went on to their positions.
            var folded = folds.reduce(0) { $0 + min($1.position, events) }
            for fold in folds {
                // The old rows' pages are freed only at the commit: room for a second copy of the file.
                try environment.write(reserving: environment.usedBytes) { txn in
                    // Another process may have recorded it as built by a newer version since the opening.
                    try ReadModelVersions.requireRebuildable(catalog.domains[fold.domainIndex], txn, tables.checkpoints, path: path)
                    try fold.store(txn) { scanned in
                        folded += scanned
                        progress(min(folded / UInt64(folds.count), events), events)
                    }
                    try ReadModelVersions.record(catalog.domains[fold.domainIndex], txn, tables.checkpoints)
                }
            }
            let seconds = Double(Timestamp.now().microseconds - started.microseconds) / 1_000_000
            return RebuildReport(
                readModels: indexes.map { catalog.domains[$0].readModelName },
                events: folds.map(\.position).max() ?? 0, seconds: seconds)
        }
    }

    /// How many read models are folded at once: one per core of the machine this was measured on.
    private static let foldingThreads = 2

    /// Folds the read models of the domains at `indexes` from the log, `foldingThreads` at a
    /// time, until the end of the log or until they take `limits.sideBySide` bytes, and returns
    /// them smallest first: LMDB keeps the pages a write transaction allocates for the next
    /// ones, so storing them in that order writes the largest when the others' memory is free
    /// again. Calls `progress` now and then, on this thread, with (events of the log folded,
    /// events in the log), averaged over the folds.
    func foldReadModels(
        _ indexes: [Int], limits: FoldMemoryLimits = .standard,
        progress: (UInt64, UInt64) -> Void = { _, _ in }
    ) throws -> [ReadModelFold] {
        let folds = indexes.map { ReadModelFold(catalog: catalog, tables: tables, domainIndex: $0, limits: limits) }
        let events = try head().position
        let queue = FoldQueue()
        // Progress in events of the log: the events read by all folds, over the number of folds.
        let folded = { min(queue.scanned.load(ordering: .relaxed) / UInt64(max(folds.count, 1)), events) }
        progress(0, events)
        // `Threads.run` calls `waiting` only until it returns.
        let failures = try withoutActuallyEscaping(progress) { progress in
            try Threads.run(min(Self.foldingThreads, folds.count), waiting: { progress(folded(), events) }) { _ -> (any Error)? in
                do {
                    while let next = queue.take(below: folds.count) {
                        var counted = 0
                        try self.environment.read { txn in
                            _ = try folds[next].advance(txn, scanned: { queue.scanned.add($0, ordering: .relaxed) }) { byteCount in
                                let total = queue.foldedBytes.add(byteCount - counted, ordering: .relaxed).newValue
                                counted = byteCount
                                return total <= limits.sideBySide
                            }
                        }
                        folds[next].sortRows()
                    }
                    return nil
                } catch {
                    queue.stop()
                    return error
                }
            }
        }
        if let failure = failures.compactMap({ $0 }).first { throw failure }
        progress(folded(), events)
        return folds.sorted { $0.byteCount < $1.byteCount }
    }

    func domainIndexes(_ readModels: [String]) throws -> Set<Int> {
        guard !readModels.isEmpty else { return Set(catalog.domains.indices) }
        return Set(
            try readModels.map { name in
                guard let index = catalog.domains.firstIndex(where: { $0.readModelName == name }) else {
                    throw LedgerError(
                        .invalidInput, "unknown read model \"\(name)\" (known: \(readModelNames.joined(separator: ", ")))",
                        subject: name)
                }
                return index
            })
    }
}

/// The folds not yet started, taken in order by the folding threads, and the events folded so far.
private final class FoldQueue: Sendable {
    private let next = Atomic<Int>(0)
    /// Events of the log read so far, over all folds.
    let scanned = Atomic<UInt64>(0)
    /// The bytes of memory the folds take, as they last counted them.
    let foldedBytes = Atomic<Int>(0)

    /// The index of the next fold to run, nil when all are taken or a fold failed.
    func take(below count: Int) -> Int? {
        let index = next.add(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }

    /// Leaves the folds not yet started to nobody: one has failed.
    func stop() {
        next.store(Int.max / 2, ordering: .relaxed)
    }
}
