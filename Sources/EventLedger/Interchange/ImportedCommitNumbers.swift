/// The commits an import's source commits became in this ledger, so that metadata naming a
/// source commit (an undo's `undoes`) can name it as this ledger numbers it.
///
/// Kept as runs of consecutive source commits that became consecutive commits here (a whole
/// export imported after this ledger's own commits is one run), so memory grows with the
/// places where the numbering jumps (a commit skipped as already present, a reordered file),
/// not with the number of commits.
struct ImportedCommitNumbers {
    /// What became of a source commit.
    enum Outcome: Equatable {
        /// Its events are those of this commit here.
        case commit(UInt64)
        /// Its events are spread over more than one commit here (some were already in the
        /// log in other commits, or the file splits the commit).
        case spread
        /// The import has not met it.
        case unknown
    }

    /// Runs of consecutive source commits, sorted by their first: the first, the commit it
    /// became, and how many follow on both sides.
    private var runs: [(source: UInt64, here: UInt64, count: UInt64)] = []
    /// Source commits whose events are spread over more than one commit here.
    private var spread: Set<UInt64> = []

    /// What became of `source`.
    func outcome(of source: UInt64) -> Outcome {
        if spread.contains(source) { return .spread }
        guard let run = run(holding: source) else { return .unknown }
        return .commit(runs[run].here + (source - runs[run].source))
    }

    /// Records that the events of `source` are those of commit `here` (nil: of more than one
    /// commit). A source commit met again (a file that splits it) is spread unless it became
    /// the same commit.
    mutating func record(_ source: UInt64, became here: UInt64?) {
        guard let here else {
            spread.insert(source)
            return
        }
        if let run = run(holding: source) {
            if runs[run].here + (source - runs[run].source) != here { spread.insert(source) }
            return
        }
        let before = lastRun(startingAtOrBefore: source)
        if let before, runs[before].source + runs[before].count == source, runs[before].here + runs[before].count == here {
            runs[before].count += 1
        } else {
            runs.insert((source, here, 1), at: before.map { $0 + 1 } ?? 0)
        }
    }

    /// The index of the run holding `source`.
    private func run(holding source: UInt64) -> Int? {
        guard let run = lastRun(startingAtOrBefore: source), source - runs[run].source < runs[run].count else { return nil }
        return run
    }

    /// The index of the last run whose first source commit is at most `source`.
    private func lastRun(startingAtOrBefore source: UInt64) -> Int? {
        runs.lastIndex(whereKeyIsAtMost: source) { $0.source }
    }
}
