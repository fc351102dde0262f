import EventLedger
import LedgerTestSupport
import Testing

/// Rebuilding the read models from a generated log gives what appending wrote into them.
@Suite struct RebuildTests {
    @Test func rebuildEqualsWhatAppendingWrote() throws {
        try GeneratedLedger.with(events: 5_000, seed: 11) { generated in
            let inline = try ReadModelSnapshot(current: generated.ledger)
            let report = try generated.ledger.rebuild()
            #expect(report.events == 5_000)
            expectSame(try ReadModelSnapshot(current: generated.ledger), inline, "after rebuild")
            let verification = try generated.ledger.verify()
            #expect(verification.isIntact, "\(verification.problems)")
        }
    }
}
