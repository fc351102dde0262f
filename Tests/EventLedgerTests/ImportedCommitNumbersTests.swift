import Testing

@testable import EventLedger

/// The map of an import's source commits to the commits they became: runs of consecutive
/// numbers, jumps, a reordered file, and a source commit spread over several commits.
@Suite struct ImportedCommitNumbersTests {
    @Test func consecutiveCommitsAndJumpsAreFoundAndUnmetOnesAreUnknown() {
        var numbers = ImportedCommitNumbers()
        for source: UInt64 in 1...3 { numbers.record(source, became: source + 10) }
        numbers.record(4, became: 20)
        numbers.record(7, became: 21)
        #expect((1...4).map { numbers.outcome(of: $0) } == [.commit(11), .commit(12), .commit(13), .commit(20)])
        #expect(numbers.outcome(of: 7) == .commit(21))
        #expect([5, 6, 8, 0].map { numbers.outcome(of: $0) } == [.unknown, .unknown, .unknown, .unknown])
    }

    /// The numbers of `records` (source commit, commit it became), recorded in order.
    private func numbers(recording records: [(UInt64, UInt64?)]) -> ImportedCommitNumbers {
        var numbers = ImportedCommitNumbers()
        for (source, became) in records { numbers.record(source, became: became) }
        return numbers
    }

    @Test func commitsMetOutOfOrderAreFound() {
        let numbers = numbers(recording: [(5, 1), (2, 2), (3, 3), (9, 4), (1, 5)])
        #expect([1, 2, 3, 4, 5, 9].map { numbers.outcome(of: $0) } == [.commit(5), .commit(2), .commit(3), .unknown, .commit(1), .commit(4)])
    }

    @Test func aCommitMetAgainAsAnotherCommitOrInSeveralIsSpread() {
        let numbers = numbers(recording: [(1, 4), (2, 5), (1, 4), (2, 6), (3, nil)])
        #expect([1, 2, 3].map { numbers.outcome(of: $0) } == [.commit(4), .spread, .spread])
    }
}
