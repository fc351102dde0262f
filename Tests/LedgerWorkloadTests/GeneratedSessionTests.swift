import EventLedger
import Favorites
import LedgerTestSupport
import LedgerWorkload
import Testing

/// A form session staging generated events over a generated ledger, some undone and staged
/// again, while other commits move the log under it: its preview answers as a commit of its
/// staged events would, and its commit leaves the read models as its preview showed them.
@Suite struct GeneratedSessionTests {
    @Test(arguments: [5, 23] as [UInt64])
    func aSessionPreviewsAndCommitsItsStagedEventsAsOneCommitWould(seed: UInt64) throws {
        try GeneratedLedger.with(events: 300, seed: seed) { generated in
            let ledger = generated.ledger
            var generator = WorkloadGenerator(seed: seed)
            _ = generator.batch(300)
            var random = SplitMix64(seed: ~seed)
            let session = try ledger.beginSession()
            var staged: [PendingEvent] = []
            var preview: ReadModelSnapshot?
            for step in 1...150 {
                let event = generator.next()
                try session.stage(event)
                staged.append(event)
                switch Int.random(in: 0..<10, using: &random) {
                case 0:
                    // Undone, another event staged and undone, then staged again: the session is as before.
                    #expect(try session.undo()?.id == event.id)
                    try session.stage(FavoriteAdded(dishId: "undone-\(step)"))
                    #expect(try session.undo()?.type == FavoriteAdded.typeName)
                    try session.stage(event)
                case 1:
                    // A commit elsewhere: the staged events now go on top of it.
                    try ledger.append(FavoriteAdded(dishId: "elsewhere-\(step)"))
                default: break
                }
                if step % 50 == 0 {
                    preview = try ReadModelSnapshot { name, input in try session.query(name, input) }.withoutFavoriteTimes
                    let committed = try snapshotOfCommit(staged, over: ledger, in: generated.directory, step: step)
                    expectSame(try #require(preview), committed, "the preview after \(step) staged events")
                }
            }
            #expect(try session.info().events.map(\.id) == staged.map(\.id))
            try session.commit()
            expectSame(try ReadModelSnapshot(current: ledger).withoutFavoriteTimes, try #require(preview), "the committed session")
        }
    }

    /// The read models of a copy of `ledger` once `events` are appended to it as one commit.
    private func snapshotOfCommit(
        _ events: [PendingEvent], over ledger: Ledger, in directory: TemporaryDirectory, step: Int
    ) throws -> ReadModelSnapshot {
        let path = directory.file("committed-\(step).lmdb")
        try ledger.backup(to: path)
        let copy = try GeneratedLedger.open(path)
        try copy.append(events)
        return try ReadModelSnapshot(current: copy).withoutFavoriteTimes
    }
}
