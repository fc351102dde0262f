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

/// Rebuilding read models from the log, and adding those of domains a file lacks.
struct Maintenance {
    let core: LedgerCore

    /// `Ledger.rebuild(_:progress:)`, its folds' memory bounded by `limits`.
    func rebuild(
        _ readModels: [String], limits: FoldMemoryLimits,
        progress: (UInt64, UInt64) -> Void = { _, _ in }
    ) throws(LedgerError) -> RebuildReport {
        try LedgerError.typed {
            let started = Timestamp.now()
            let indexes = try domainIndexes(readModels).sorted()
            let events = try core.environment.read { txn in try LogHead(txn, core.tables).position }
            let folds = try foldReadModels(indexes, limits: limits, progress: progress)
            // Events of the log folded, over all read models: the folds went on to their positions.
            var folded = folds.reduce(0) { $0 + min($1.position, events) }
            for fold in folds {
                // The old rows' pages are freed only at the commit: room for a second copy of the file.
                try core.environment.write(reserving: core.environment.usedBytes) { txn in
                    // Another process may have recorded it as built by a newer version since the opening.
                    try ReadModelVersions.requireRebuildable(core.catalog.domains[fold.domainIndex], txn, core.tables.checkpoints, path: core.path)
                    try fold.store(txn) { scanned in
                        folded += scanned
                        progress(min(folded / UInt64(folds.count), events), events)
                    }
                    try dropUndeclaredTables(of: fold.domainIndex, txn)
                    try ReadModelVersions.record(core.catalog.domains[fold.domainIndex], txn, core.tables.checkpoints)
                }
            }
            let seconds = Double(Timestamp.now().microseconds - started.microseconds) / 1_000_000
            return RebuildReport(
                readModels: indexes.map { core.catalog.domains[$0].readModelName },
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
        let folds = indexes.map { ReadModelFold(catalog: core.catalog, tables: core.tables, domainIndex: $0, limits: limits) }
        let events = try core.environment.read { txn in try LogHead(txn, core.tables).position }
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
                        try core.environment.read { txn in
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

    /// The indexes of the domains whose read models are named `readModels` (all when none
    /// is); `.invalidInput` naming an unknown one.
    func domainIndexes(_ readModels: [String]) throws -> Set<Int> {
        guard !readModels.isEmpty else { return Set(core.catalog.domains.indices) }
        return Set(
            try readModels.map { name in
                guard let index = core.catalog.domains.firstIndex(where: { $0.readModelName == name }) else {
                    throw LedgerError(
                        .invalidInput, "unknown read model \"\(name)\" (known: \(core.catalog.domains.map(\.readModelName).joined(separator: ", ")))",
                        subject: name)
                }
                return index
            })
    }

    /// Builds the read models of the domains at `indexes` from the log, recording the versions
    /// that built them, in one write transaction: domains added to an existing ledger.
    func addReadModels(_ indexes: [Int]) throws {
        try core.environment.write(reserving: core.environment.usedBytes) { txn in
            for index in indexes {
                try ReadModelFold(catalog: core.catalog, tables: core.tables, domainIndex: index).store(txn)
                try ReadModelVersions.record(core.catalog.domains[index], txn, core.tables.checkpoints)
            }
        }
    }

    /// Records the shapes of the tables of the read models at `unrecorded`, built before
    /// shapes were recorded, and this build's stamp for those at `unstamped`, whose tables it
    /// found of the recorded shapes (see `TableShapes.check`).
    func recordTableShapes(_ unrecorded: [Int], stamping unstamped: [Int]) throws {
        try core.environment.write { txn in
            for index in unrecorded { try TableShapes.record(core.catalog.domains[index], txn, core.tables.checkpoints) }
            for index in unstamped {
                let domain = core.catalog.domains[index]
                if let stamp = TableShapeStamp.current(of: domain) {
                    try TableShapeStamp.record(stamp, of: domain, keepingOthers: true, txn, core.tables.checkpoints)
                }
            }
        }
    }

    /// Rebuilds the read models at `indexes` that an earlier version of their domain built, in
    /// one write transaction, recording the versions that built them; throws, changing nothing,
    /// when another process meanwhile recorded one as built by a newer version or damaged it.
    func rebuildOutdatedReadModels(_ indexes: [Int]) throws {
        try core.environment.write(reserving: core.environment.usedBytes) { txn in
            let mismatches = try ReadModelVersions.mismatches(core.catalog, txn, core.tables.checkpoints).filter { indexes.contains($0.key) }
            try ReadModelVersions.requireWritable(mismatches, core.catalog, path: core.path)
            for index in mismatches.keys.sorted() {
                try ReadModelFold(catalog: core.catalog, tables: core.tables, domainIndex: index).store(txn)
                try dropUndeclaredTables(of: index, txn)
                try ReadModelVersions.record(core.catalog.domains[index], txn, core.tables.checkpoints)
            }
        }
    }

    /// Deletes from the file the tables of the read model of the domain at `index` that the
    /// domain does not declare: those an earlier version of it built (a table or an index since
    /// renamed or removed), whose rows a rebuilt read model leaves stale.
    private func dropUndeclaredTables(of index: Int, _ txn: Transaction) throws {
        let inFile = try ReadModelsInFile(core.catalog, txn, of: core.path)
        for name in inFile.undeclaredTables(of: core.catalog.domains[index]) {
            if let table = try txn.existingTable(name, of: core.path) { try txn.drop(table) }
        }
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
