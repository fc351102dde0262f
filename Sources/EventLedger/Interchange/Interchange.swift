/// What an import did.
public struct ImportReport: Sendable, Equatable {
    /// Events appended.
    public let appended: Int
    /// Events skipped because their id was already in the log.
    public let duplicates: Int
    /// Commits created.
    public let commits: Int
}

/// Moving a log between ledgers: imports of another ledger's export, replays into a new
/// file, backups.
struct Interchange {
    let core: LedgerCore

    /// `Ledger.importEvents(from:rehash:)`.
    func importEvents(from source: some EventSource<ImportedEvent>, rehash: Bool) throws(LedgerError) -> ImportReport {
        try LedgerError.typed {
            var source = source
            return try core.writer.commit(reserving: source.estimatedEventCount * Environment.bytesPerEvent) { txn, now in
                try source.rewind()
                let appender = core.writer.appender(in: txn)
                let latestTime = Timestamp(microseconds: now.microseconds + ImportedEvent.maximumClockSkew)
                let events = ImportedCommits(source, chain: rehash ? nil : ImportedHashChain(), latestTime: latestTime)
                try events.noteCommitsHeld(txn, core.tables)
                var appended = 0, commits = 0
                while let (sourceCommit, time) = try events.nextCommit() {
                    let start = events.handedOver
                    let (added, here) = try appendImported(
                        events.eventsOfNextCommit(sourceCommit), startingAt: start,
                        recordedAt: time, appender, txn)
                    if let chainError = events.chainError { throw chainError }
                    events.record(sourceCommit, became: here)
                    appended += added
                    commits += added > 0 ? 1 : 0
                }
                guard events.handedOver > 0 else { throw LedgerError(.invalidInput, "nothing to import") }
                try events.finish()
                return ImportReport(appended: appended, duplicates: events.handedOver - appended, commits: commits)
            }
        }
    }

    /// Appends `events`, one source commit whose first event is the import's `start`th, as one
    /// commit recorded at `time`; returns how many were new and the commit here holding them
    /// all, nil when they are in more than one (errors name the import's index).
    private func appendImported(
        _ events: some PendingEventFeed, startingAt start: Int, recordedAt time: Timestamp,
        _ appender: Appender, _ txn: Transaction
    ) throws -> (added: Int, commit: UInt64?) {
        let headBefore = try LogHead(txn, core.tables).position
        let result: AppendResult
        do {
            result = try appender.append(from: events, mode: .importing, recordedAt: time)
        } catch var error as LedgerError {
            error.eventIndex = error.eventIndex.map { start + $0 }
            throw error
        }
        // New events take the positions after the head; those already in the log keep theirs.
        let added = Int(try LogHead(txn, core.tables).position - headBefore)
        let present = result.positions.lazy.filter { $0 <= headBefore }
        guard let earliest = present.min(), let latest = present.max() else { return (added, result.commit) }
        // Commits hold consecutive positions: the events present are in one commit when the
        // earliest and the latest are.
        let commit = try EventRecordView(core.record(txn, at: earliest), position: earliest).commit
        guard added == 0, try EventRecordView(core.record(txn, at: latest), position: latest).commit == commit else { return (added, nil) }
        return (added, commit)
    }

    /// `Ledger.backup(to:)`.
    func backup(to destination: String) throws(LedgerError) {
        try LedgerError.typed { try core.environment.copyCompacted(to: destination) }
    }
}
