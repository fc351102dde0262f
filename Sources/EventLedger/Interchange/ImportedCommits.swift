/// The events of an import, handed to the appender one source commit at a time as they are
/// read: each is checked (its time, its hash) and made a pending event on the way (its undo
/// metadata renumbered, see `ImportedUndoes`), so an import never holds a commit whole.
///
/// The appender reads a large commit's events on its helper thread; the import reads the
/// next commit's first event (`nextCommit`) only once the appender is done with the commit
/// before, so they never read at the same time.
final class ImportedCommits<Source: EventSource> where Source.Event == ImportedEvent {
    private var source: Source
    /// The hash chain the events are checked against; nil when the import rehashes.
    private var chain: ImportedHashChain?
    /// The latest commit time an event may have.
    private let latestTime: Timestamp
    /// The next event, read but not handed over yet.
    private var peeked: ImportedEvent?
    /// The events handed over so far.
    private(set) var handedOver = 0
    /// The first hash that does not chain: thrown once the commit holding it is appended, so
    /// that what the append refuses (an id reused, say) is named first.
    private(set) var chainError: (any Error)?
    /// The undo metadata of the events, renumbered as they are handed over.
    private var undoes = ImportedUndoes()

    /// The events of `source` (from its first), their hashes checked against `chain`,
    /// their times against `latestTime`.
    init(_ source: Source, chain: ImportedHashChain?, latestTime: Timestamp) {
        self.source = source
        self.chain = chain
        self.latestTime = latestTime
    }

    /// The commit the next event belongs to, and when it was recorded; nil after the last event.
    func nextCommit() throws -> (sourceCommit: UInt64, recordedAt: Timestamp)? {
        try peek().map { ($0.sourceCommit, $0.recordedAt) }
    }

    /// The events of the next commit, as the appender reads them.
    func eventsOfNextCommit(_ sourceCommit: UInt64) -> CommitEvents {
        CommitEvents(commits: self, sourceCommit: sourceCommit)
    }

    /// Before anything is appended: notes which of the source's commits this ledger holds
    /// under the same numbers (see `ImportedUndoes.noteCommitsHeld`).
    func noteCommitsHeld(_ txn: Transaction, _ tables: LedgerTables) throws {
        guard let first = try peek() else { return }
        try undoes.noteCommitsHeld(before: first, txn, tables)
    }

    /// Records that the events of `sourceCommit`, just appended, are those of commit `here`
    /// (nil: of more than one commit, some having been in the log already).
    func record(_ sourceCommit: UInt64, became here: UInt64?) {
        undoes.record(sourceCommit, became: here)
    }

    /// Throws the error of the second event that follows a position no event holds, if any
    /// (see `ImportedHashChain.finish`).
    func finish() throws {
        try chain?.finish()
    }

    /// The events of one source commit.
    struct CommitEvents: PendingEventFeed {
        let commits: ImportedCommits
        let sourceCommit: UInt64

        mutating func next() throws -> PendingEvent? {
            try commits.next(of: sourceCommit)
        }
    }

    private func peek() throws -> ImportedEvent? {
        if peeked == nil { peeked = try source.next() }
        return peeked
    }

    /// The next event made a pending event when it belongs to `sourceCommit`, nil otherwise.
    private func next(of sourceCommit: UInt64) throws -> PendingEvent? {
        guard let event = try peek(), event.sourceCommit == sourceCommit else { return nil }
        peeked = nil
        guard event.recordedAt <= latestTime else {
            let minutes = ImportedEvent.maximumClockSkew / 60_000_000
            throw LedgerError.invalidField("recordedAt", "\(event.recordedAt) is more than \(minutes) minutes ahead of this machine's clock")
        }
        if chainError == nil {
            do {
                try chain?.add(event, index: handedOver)
            } catch {
                chainError = error
            }
        }
        handedOver += 1
        var pending = PendingEvent(
            type: event.type, payload: event.payload, id: event.id, metadata: event.metadata,
            schemaVersion: event.schemaVersion)
        pending.importedStream = event.stream
        undoes.renumber(&pending)
        return pending
    }
}
