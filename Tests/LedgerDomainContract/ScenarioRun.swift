import EventLedger

/// A domain's story appended to a ledger: each commit's result and the answers right after it.
struct ScenarioRun {
    /// A commit of the story as the ledger took it.
    struct Record {
        /// The commit.
        let commit: ScenarioCommit
        /// What its append returned.
        let result: AppendResult
        /// The answers right after it.
        let answers: [String]

        /// The commit's number and its events' types, for failure messages.
        var description: String { "commit \(result.commit) (\(commit))" }
    }

    /// The answers before the first commit.
    let initialAnswers: [String]
    /// The commits appended so far, in order.
    private(set) var records: [Record] = []

    /// Appends the commits of `scenario` to `ledger` in order, calling `visit` at each step
    /// with the run so far: at a commit once it is appended, at any other step in its place
    /// (none of them appends anything).
    init<Domain>(
        _ scenario: DomainScenario<Domain>, on ledger: Ledger,
        visiting visit: (ScenarioStep, ScenarioRun) throws -> Void = { _, _ in }
    ) throws {
        initialAnswers = scenario.answers(ledger)
        for step in scenario.steps {
            if case .commit(let commit) = step {
                let result = try ledger.append(commit.events.map { PendingEvent($0) }, mode: commit.mode)
                records.append(Record(commit: commit, result: result, answers: scenario.answers(ledger)))
            }
            try visit(step, self)
        }
    }

    /// The answers now: after the last commit.
    var currentAnswers: [String] { records.last?.answers ?? initialAnswers }

    /// The answers just before the commit at `index` of `records`.
    func answers(before index: Int) -> [String] { index == 0 ? initialAnswers : records[index - 1].answers }
}
