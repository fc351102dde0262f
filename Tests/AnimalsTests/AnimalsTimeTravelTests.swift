import Animals
import EventLedger
import LedgerTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Time travel over `animal-category`: every query as of every position and commit time equals the
/// inline state at that point; renames, moves and a category's cascading deletion travel.
@Suite struct AnimalsTimeTravelTests {
    let domain = AnimalsDomain()

    /// Every query of the read model, with the arguments the fixture needs.
    static let queries: [(name: String, argument: String?, flags: Set<String>)] = [
        ("categories", nil, []), ("category-animals", "c", []), ("category-animals", "d", []),
        ("category-animals", "e", []), ("animals", nil, []), ("animals", nil, ["uncategorized"]),
    ]

    /// The answer of every query (its JSON, or the kind of error it failed with), now or as of `point`.
    func answers(_ ledger: Ledger, asOf point: LogPoint? = nil) -> [String] {
        Self.queries.map { query in
            let input = QueryDefinition.Input(argument: query.argument, flags: query.flags)
            do {
                let result = try point.map { try ledger.query(query.name, input, asOf: $0) } ?? ledger.query(query.name, input)
                return result.json.serializedString()
            } catch let error as LedgerError {
                return "error \(error.kind)"
            } catch {
                return "unexpected \(error)"
            }
        }
    }

    /// Eleven commits, one of three events. Returns the answers after each commit by its last position.
    func withFixture(_ body: (Ledger, [UInt64: [String]]) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger throws in
            let commits: [[any DomainEvent]] = [
                [CategoryCreated(categoryId: "c", name: "Cats")],  // 1
                [CategoryCreated(categoryId: "d", name: "Dogs")],  // 2
                [
                    AnimalAdded(animalId: "x", name: "Lion", diet: .carnivorous, categoryId: "c"),  // 3
                    AnimalAdded(animalId: "y", name: "Tiger", diet: .carnivorous, categoryId: "c"),  // 4
                    AnimalAdded(animalId: "z", name: "Wolf", diet: .carnivorous, categoryId: "d"),
                ],  // 5
                [CategoryRenamed(categoryId: "c", name: "Felines")],  // 6
                [AnimalRecategorized(animalId: "z", categoryId: nil)],  // 7
                [AnimalRenamed(animalId: "x", name: "Lioness")],  // 8
                [AnimalDietChanged(animalId: "y", diet: .omnivorous)],  // 9
                [CategoryDeleted(categoryId: "c")],  // 10
                [CategoryCreated(categoryId: "e", name: "Felines")],  // 11
                [AnimalRecategorized(animalId: "z", categoryId: "e")],  // 12
                [AnimalRemoved(animalId: "z")],  // 13
            ]
            var inline: [UInt64: [String]] = [0: answers(ledger)]
            for events in commits {
                usleep(200)
                let result = try ledger.append(events.map { PendingEvent($0) })
                inline[try #require(result.positions.last)] = answers(ledger)
            }
            try body(ledger, inline)
        }
    }

    @Test func everyCommitPositionEqualsTheInlineStateThen() throws {
        try withFixture { ledger, inline throws in
            #expect(inline.count == 12)
            for (position, expected) in inline {
                #expect(answers(ledger, asOf: .position(position)) == expected, "as of \(position)")
            }
            #expect(answers(ledger, asOf: .position(99)) == answers(ledger), "past the head: the current state")
        }
    }

    @Test func beforeTheFirstEventListsAreEmptyAndCategoriesDoNotExist() throws {
        try withFixture { ledger, _ throws in
            let empty = ["[]", "error notFound", "error notFound", "error notFound", "[]", "[]"]
            #expect(answers(ledger, asOf: .position(0)) == empty)
            #expect(answers(ledger, asOf: .time(Timestamp(microseconds: 0))) == empty)
        }
    }

    @Test func positionsInsideABatchSeeOnlyTheEventsUpToThem() throws {
        try withFixture { ledger, _ throws in
            func animals(at position: UInt64) throws -> [String] {
                try ledger.read(asOf: .position(position)) { try AnimalsQueries.animals(in: $0).map(\.animalId) }
            }
            #expect(try animals(at: 2) == [])
            #expect(try animals(at: 3) == ["x"])
            #expect(try animals(at: 4) == ["x", "y"])
            #expect(try animals(at: 5) == ["x", "y", "z"])
            let counts = try ledger.read(asOf: .position(4)) { try AnimalsQueries.categories(in: $0) }
            #expect(
                counts == [
                    CategorySummary(categoryId: "c", name: "Cats", animalCount: 2),
                    CategorySummary(categoryId: "d", name: "Dogs", animalCount: 0),
                ])
        }
    }

    @Test func everyCommitTimeEqualsTheInlineStateThenAndNotALaterOne() throws {
        try withFixture { ledger, inline throws in
            var commits: [(commit: UInt64, time: Timestamp, last: UInt64)] = []
            try ledger.forEachEvent { event in
                if commits.last?.commit == event.commit {
                    commits[commits.count - 1].last = event.position
                } else {
                    commits.append((event.commit, event.recordedAt, event.position))
                }
                return true
            }
            #expect(commits.count == 11)
            for (index, commit) in commits.enumerated() {
                let previous: UInt64 = index == 0 ? 0 : commits[index - 1].last
                try #require(index == 0 || commits[index - 1].time < commit.time)
                #expect(answers(ledger, asOf: .time(commit.time)) == inline[commit.last], "at commit \(commit.commit)")
                #expect(
                    answers(ledger, asOf: .time(Timestamp(microseconds: commit.time.microseconds - 1))) == inline[previous],
                    "1 µs before commit \(commit.commit)")
            }
        }
    }

    @Test func aCategorysAnimalsAreListedBeforeItsDeletionAndGoneAfter() throws {
        try withFixture { ledger, _ throws in
            let before = try ledger.read(asOf: .position(9)) { state in
                (
                    try AnimalsQueries.categoryAnimals("c", in: state), try AnimalsQueries.categories(in: state),
                    try AnimalsQueries.animals(in: state)
                )
            }
            #expect(
                before.0
                    == CategoryAnimals(
                        categoryId: "c", name: "Felines",
                        animals: [
                            CategoryAnimal(animalId: "x", name: "Lioness", diet: .carnivorous),
                            CategoryAnimal(animalId: "y", name: "Tiger", diet: .omnivorous),
                        ]))
            #expect(
                before.1 == [
                    CategorySummary(categoryId: "d", name: "Dogs", animalCount: 0),
                    CategorySummary(categoryId: "c", name: "Felines", animalCount: 2),
                ])
            #expect(before.2.map(\.animalId) == ["x", "y", "z"])

            let error = #expect(throws: LedgerError.self) {
                try ledger.read(asOf: .position(10)) { try AnimalsQueries.categoryAnimals("c", in: $0) }
            }
            #expect(error?.kind == .notFound)
            let after = try ledger.read(asOf: .position(10)) { state in
                (
                    try AnimalsQueries.categories(in: state), try AnimalsQueries.animals(in: state),
                    try AnimalsQueries.animals(uncategorizedOnly: true, in: state)
                )
            }
            #expect(after.0 == [CategorySummary(categoryId: "d", name: "Dogs", animalCount: 0)])
            #expect(after.1 == [AnimalSummary(animalId: "z", name: "Wolf", diet: .carnivorous, categoryId: nil)])
            #expect(after.2 == after.1)

            let history = try ledger.history(of: "animal-x")
            #expect(history.map(\.type) == ["AnimalAdded", "AnimalRenamed", "CategoryDeleted"])
            #expect(history.map(\.position) == [3, 8, 10])
        }
    }

    @Test func namesDietsAndCategoriesAreThoseOfTheirTime() throws {
        try withFixture { ledger, _ throws in
            func categories(at position: UInt64) throws -> [String] {
                try ledger.read(asOf: .position(position)) {
                    try AnimalsQueries.categories(in: $0).map { "\($0.categoryId) \($0.name) \($0.animalCount)" }
                }
            }
            func animals(at position: UInt64) throws -> [String] {
                try ledger.read(asOf: .position(position)) {
                    try AnimalsQueries.animals(in: $0).map { "\($0.animalId) \($0.name) \($0.diet.rawValue) \($0.categoryId ?? "-")" }
                }
            }
            #expect(try categories(at: 5) == ["c Cats 2", "d Dogs 1"])
            #expect(try categories(at: 6) == ["d Dogs 1", "c Felines 2"])
            #expect(try categories(at: 7) == ["d Dogs 0", "c Felines 2"])
            #expect(try categories(at: 11) == ["d Dogs 0", "e Felines 0"])
            #expect(try categories(at: 12) == ["d Dogs 0", "e Felines 1"])
            #expect(try categories(at: 13) == ["d Dogs 0", "e Felines 0"])
            #expect(try animals(at: 6) == ["x Lion carnivorous c", "y Tiger carnivorous c", "z Wolf carnivorous d"])
            #expect(try animals(at: 7) == ["x Lion carnivorous c", "y Tiger carnivorous c", "z Wolf carnivorous -"])
            #expect(try animals(at: 8) == ["x Lioness carnivorous c", "y Tiger carnivorous c", "z Wolf carnivorous -"])
            #expect(try animals(at: 9) == ["x Lioness carnivorous c", "y Tiger omnivorous c", "z Wolf carnivorous -"])
            #expect(try animals(at: 12) == ["z Wolf carnivorous e"])
            #expect(try animals(at: 13) == [])
        }
    }
}
