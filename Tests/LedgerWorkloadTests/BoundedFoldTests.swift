import LedgerTestSupport
import LedgerWorkload
import Testing

@testable import EventLedger

/// Rebuilds and large commits whose folds outgrow their memory limits write what they have
/// folded and go on: the read models come out the same, byte for byte, as folded at once.
@Suite struct BoundedFoldTests {
    /// Limits every fold outgrows at once (an arena's first chunk alone is 64 KiB), and a large
    /// commit writes its stream and id entries every 64 events.
    let tiny = FoldMemoryLimits(sideBySide: 1, inWrite: 1, commit: 1, indexEntries: 1, eventsPerCheck: 64)

    @Test func foldsThatStopEarlyAndGoOnInTheirWritesRebuildWhatAppendingWrote() throws {
        try GeneratedLedger.with(events: 3_000, seed: 12) { generated in
            let ledger = generated.ledger
            let inline = try ReadModelSnapshot(current: ledger)
            let folds = try Maintenance(core: ledger.core).foldReadModels(Array(ledger.core.catalog.domains.indices), limits: tiny)
            #expect(folds.allSatisfy { $0.position < 3_000 }, "every fold stops before the end of the log: \(folds.map(\.position))")
            var reported: [(folded: UInt64, events: UInt64)] = []
            let report = try Maintenance(core: ledger.core).rebuild([], limits: tiny) { reported.append(($0, $1)) }
            #expect(report.events == 3_000)
            // The folds stopped early: the way from there to the end is the writes' progress.
            #expect(reported.contains { $0.folded > 1_000 && $0.folded < 3_000 }, "\(reported.map(\.folded))")
            #expect(reported.last.map { $0 == (3_000, 3_000) } == true, "\(reported.suffix(3))")
            #expect(zip(reported, reported.dropFirst()).allSatisfy { $0.folded <= $1.folded }, "progress never goes back")
            expectSame(try ReadModelSnapshot(current: ledger), inline, "after a rebuild in parts")
            // Verify compares every stored read model with one folded at once, byte for byte.
            let verification = try ledger.verify()
            #expect(verification.isIntact, "\(verification.problems)")
        }
    }

    @Test func aLargeCommitWrittenInPartsStoresWhatARebuildWrites() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try GeneratedLedger.open(directory.file("ledger.lmdb"))
        var generator = WorkloadGenerator(seed: 13)
        let events = generator.batch(3_000)
        #expect(events.count >= Appender.foldedInMemoryFrom, "a batch this large is folded in memory")
        let result = try ledger.core.environment.write { txn in
            var appender = Appender(catalog: ledger.core.catalog, tables: ledger.core.tables, txn: txn)
            appender.foldLimits = tiny
            return try appender.append(events, mode: .strict)
        }
        #expect(result.positions.count == 3_000)
        let written = try ReadModelSnapshot(current: ledger)
        let verification = try ledger.verify()
        #expect(verification.isIntact, "\(verification.problems)")
        try ledger.rebuild()
        expectSame(try ReadModelSnapshot(current: ledger), written, "after a rebuild")
    }

    /// Appends `events` as one commit with `tiny` limits to a new generated ledger in `directory`.
    func appendInParts(_ events: [PendingEvent], _ directory: TemporaryDirectory) throws -> (Ledger, Result<AppendResult, any Error>) {
        let ledger = try GeneratedLedger.open(directory.file("ledger.lmdb"))
        let result = Result {
            try ledger.core.environment.write { txn in
                var appender = Appender(catalog: ledger.core.catalog, tables: ledger.core.tables, txn: txn)
                appender.foldLimits = tiny
                return try appender.append(events, mode: .strict)
            }
        }
        return (ledger, result)
    }

    @Test func aLargeCommitFindsItsEarlierEventsByIdOnceTheirEntriesAreWritten() throws {
        var generator = WorkloadGenerator(seed: 14)
        var events = generator.batch(1_500)
        let id = EventID.generate()
        events[10].id = id
        // The same event again, 1,490 events (and many written entries) later: not appended twice.
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (ledger, result) = try appendInParts(events + [events[10]], directory)
        let positions = try result.get().positions
        #expect(positions.count == 1_501 && positions.last == 11)
        #expect(try ledger.head().position == 1_500)
        let verification = try ledger.verify()
        #expect(verification.isIntact, "\(verification.problems)")
        // Another event under that id is refused, and nothing is appended.
        var other = events[11]
        other.id = id
        let refusing = TemporaryDirectory()
        defer { refusing.remove() }
        let (untouched, refused) = try appendInParts(events + [other], refusing)
        #expect(throws: LedgerError.self) { try refused.get() }
        #expect((try? refused.get()) == nil)
        if case .failure(let error as LedgerError) = refused { #expect(error.eventIndex == 1_500) }
        #expect(try untouched.head().position == 0)
    }
}
