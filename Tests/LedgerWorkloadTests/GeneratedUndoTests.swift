import EventLedger
import LedgerTestSupport
import LedgerWorkload
import Testing

/// Undo on generated commits of every event type, in every mix.
@Suite struct GeneratedUndoTests {
    /// Every list query of the three domains.
    let queries = [
        CheckedQuery("artists"), CheckedQuery("songs"), CheckedQuery("songs", flags: ["orphans"]),
        CheckedQuery("categories"), CheckedQuery("animals"), CheckedQuery("animals", flags: ["uncategorized"]),
        CheckedQuery("favorites"),
    ]

    @Test func undoOfEachGeneratedCommitReturnsTheReadModelsToTheirPastStateAndItsUndoRedoes() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try GeneratedLedger.open(directory.file("ledger.lmdb"))
        var generator = WorkloadGenerator(seed: 4)
        var batchSizes = SplitMix64(seed: 4)
        var undone = 0
        for _ in 0..<60 {
            let done = try ledger.append(generator.batch(Int.random(in: 1...40, using: &batchSizes)))
            guard let undo = try ledger.undo(commit: done.commit) else { continue }
            expectAnswers(ledger, queries, asOf: done.positions[0] - 1, "after undoing commit \(done.commit)")
            try ledger.undo(commit: undo.commit)
            expectAnswers(ledger, queries, asOf: done.positions.last!, "after redoing commit \(done.commit)")
            undone += 1
        }
        // Every commit changes something, unless it only gave entities the state they had.
        #expect(undone > 55)
        #expect(try ledger.verify().problems == [])
    }
}
