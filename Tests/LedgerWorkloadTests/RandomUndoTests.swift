import EventLedger
import LedgerTestSupport
import LedgerWorkload
import Testing

/// Undo of random commits of a generated ledger: each undo that succeeds returns every
/// entity the commit touched to what the read models showed of it just before that commit;
/// each that fails is a conflict or a rule error and appends nothing.
@Suite struct RandomUndoTests {
    @Test(arguments: [3, 17, 64] as [UInt64])
    func undoingRandomCommitsReturnsTheirEntitiesToTheirStateBefore(seed: UInt64) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try GeneratedLedger.open(directory.file("ledger.lmdb"))
        var generator = WorkloadGenerator(seed: seed)
        var random = SplitMix64(seed: ~seed)
        while try ledger.head().position < 300 {
            try ledger.append(generator.batch(Int.random(in: 1...4, using: &random)))
        }
        var commits = try eventsByCommit(ledger, after: 0)
        var undone = 0
        var refused = 0
        for _ in 0..<60 {
            let head = try ledger.head()
            // Recent commits half the time: older ones have mostly been changed since.
            let commit =
                Bool.random(using: &random)
                ? UInt64.random(in: 1...head.commit, using: &random)
                : head.commit - UInt64.random(in: 0..<min(head.commit, 8), using: &random)
            if try undo(try #require(commits[commit]), of: ledger) {
                undone += 1
                commits.merge(try eventsByCommit(ledger, after: head.position)) { old, _ in old }
            } else {
                refused += 1
            }
        }
        #expect(undone >= 10, "\(undone) undone, \(refused) refused")
        let verification = try ledger.verify()
        #expect(verification.isIntact, "\(verification.problems)")
    }

    /// The events of `ledger` after `position`, by commit.
    private func eventsByCommit(_ ledger: Ledger, after position: UInt64) throws -> [UInt64: [RecordedEvent]] {
        var commits: [UInt64: [RecordedEvent]] = [:]
        try ledger.forEachEvent(LogFilter(from: position + 1)) { event in
            commits[event.commit, default: []].append(event)
            return true
        }
        return commits
    }

    /// Undoes the commit of `events`, checking what it appended and how the entities it
    /// touched read; returns whether it appended anything.
    private func undo(_ events: [RecordedEvent], of ledger: Ledger) throws -> Bool {
        let head = try ledger.head()
        let commit = try #require(events.first).commit
        let before = try #require(events.first).position - 1
        let last = try #require(events.last).position
        let touched = try TouchedEntities(
            events, before: { try ledger.query($0, $1, asOf: .position(before)) },
            after: { try ledger.query($0, $1, asOf: .position(last)) })
        let result: AppendResult?
        do {
            result = try ledger.undo(commit: commit)
        } catch {
            #expect(error.kind == .conflict || error.kind == .ruleViolation, "undo \(commit): \(error.kind) \(error)")
            #expect(try ledger.head() == head, "a refused undo of \(commit) appends nothing")
            return false
        }
        guard let result else {
            #expect(try ledger.head() == head, "an undo of \(commit) that changes nothing appends nothing")
            return false
        }
        #expect(result.commit == head.commit + 1)
        let appended = try #require(try eventsByCommit(ledger, after: head.position)[result.commit])
        #expect(
            !appended.isEmpty && appended.allSatisfy { $0.metadata["undoes"] == String(commit) },
            "the undo's events name commit \(commit)")
        let now = try touched.view { try ledger.query($0, $1) }
        let asOfBefore = try touched.view { try ledger.query($0, $1, asOf: .position(before)) }
        #expect(
            try touched.view { try ledger.query($0, $1, asOf: .position(last)) } != asOfBefore,
            "commit \(commit), which undo changes back, changed what the read models show of its entities")
        for key in Set(now.keys).union(asOfBefore.keys).sorted() {
            #expect(now[key] == asOfBefore[key], "after undo of commit \(commit), \(key) reads as of position \(before)")
        }
        return true
    }
}
