import EventLedger
import LedgerTestSupport
import LedgerWorkload
import Testing

/// As-of reads of a generated log agree with the two slow ways to reach a past state:
/// a replay of the log up to the position, and appending exactly that prefix to a new ledger.
@Suite struct TimeTravelTests {
    @Test func asOfEqualsReplay() throws {
        try GeneratedLedger.with(events: 5_000, seed: 21) { generated in
            var random = SplitMix64(seed: 21)
            let positions = [1, 5_000] + (0..<8).map { _ in UInt64.random(in: 2..<5_000, using: &random) }
            for position in positions {
                let replayed = try generated.ledger.replay(to: position, into: generated.directory.file("replay-\(position).lmdb"))
                expectSame(
                    try ReadModelSnapshot(generated.ledger, asOf: position), try ReadModelSnapshot(current: replayed),
                    "as of position \(position)")
            }
        }
    }

    @Test func asOfEqualsAFreshLedgerHoldingThePrefix() throws {
        try GeneratedLedger.with(events: 5_000, seed: 31) { generated in
            let prefix = try GeneratedLedger.open(generated.directory.file("prefix.lmdb"))
            var appended: UInt64 = 0
            for position: UInt64 in [1, 137, 1_234, 2_718, 4_999] {
                try appendEvents(from: generated.ledger, after: appended, upTo: position, to: prefix)
                appended = position
                expectSame(
                    try ReadModelSnapshot(generated.ledger, asOf: position).withoutFavoriteTimes,
                    try ReadModelSnapshot(current: prefix).withoutFavoriteTimes, "as of position \(position)")
            }
        }
    }

    /// Appends the events of `source` after position `start` up to `end` to `target`, with
    /// their ids, one commit per source commit.
    private func appendEvents(from source: Ledger, after start: UInt64, upTo end: UInt64, to target: Ledger) throws {
        var commits: [(commit: UInt64, events: [PendingEvent])] = []
        try source.forEachEvent(LogFilter(from: start + 1, to: end)) { event in
            let pending = PendingEvent(
                type: event.type, payload: event.data.objectValue ?? [:], id: event.id,
                metadata: event.metadata)
            if commits.last?.commit == event.commit {
                commits[commits.count - 1].events.append(pending)
            } else {
                commits.append((event.commit, [pending]))
            }
            return true
        }
        for commit in commits { try target.append(commit.events, mode: .strict) }
    }
}
