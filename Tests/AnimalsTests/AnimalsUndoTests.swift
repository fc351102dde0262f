import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// Undo of animals commits through a ledger: each commit's categories and animals return to
/// their state just before it, as `--as-of` shows them.
@Suite struct AnimalsUndoTests {
    let domain = AnimalsDomain()

    /// Every query over the categories and animals of these tests.
    let queries =
        [CheckedQuery("categories"), CheckedQuery("animals"), CheckedQuery("animals", flags: ["uncategorized"])]
        + ["mammal", "bird", "fish", "reptile"].map { CheckedQuery("category-animals", $0) }

    /// Appends `mammal` with a fox, `bird` with an owl and a kiwi, and an emu without a category.
    func seed(_ ledger: Ledger) throws {
        try ledger.append([
            PendingEvent(CategoryCreated(categoryId: "mammal", name: "Mammal")),
            PendingEvent(CategoryCreated(categoryId: "bird", name: "Bird")),
            PendingEvent(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal")),
            PendingEvent(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird")),
            PendingEvent(AnimalAdded(animalId: "kiwi", name: "Kiwi", diet: .omnivorous, categoryId: "bird")),
            PendingEvent(AnimalAdded(animalId: "emu", name: "Emu", diet: .omnivorous)),
        ])
    }

    @Test func undoOfACommitOfEachEventTypeReturnsItsEntitiesToTheirPastState() throws {
        try withTemporaryLedger(domain) { ledger in
            try seed(ledger)
            let events: [any DomainEvent] = [
                CategoryCreated(categoryId: "fish", name: "Fish"),
                CategoryRenamed(categoryId: "bird", name: "Aves"),
                CategoryDeleted(categoryId: "bird"),
                AnimalAdded(animalId: "cod", name: "Cod", diet: .carnivorous, categoryId: "mammal"),
                AnimalRenamed(animalId: "fox", name: "Red Fox"),
                AnimalDietChanged(animalId: "owl", diet: .herbivorous),
                AnimalRecategorized(animalId: "emu", categoryId: "bird"),
                AnimalRecategorized(animalId: "kiwi"),
                AnimalRemoved(animalId: "kiwi"),
                CategoryRestored(categoryId: "bird", name: nil),
                CategoryRestored(categoryId: "mammal", name: "Mammals"),
                AnimalRestored(animalId: "owl", name: "Barn Owl", diet: .carnivorous, categoryId: "mammal"),
                AnimalRestored(animalId: "fox", name: nil, diet: nil),
            ]
            #expect(Set(events.map { type(of: $0).typeName }) == Set(ledger.eventTypeNames).subtracting([EntityRestored.typeName]))
            for event in events {
                let undone = try ledger.append([PendingEvent(event)])
                let undo = try undoExpectingPastAnswers(ledger, undone, queries)
                #expect(try allEvents(ledger).suffix(undo.positions.count).allSatisfy { $0.metadata == ["undoes": String(undone.commit)] })
            }
            // A rebuild from the log, undos included, gives the read models as they are.
            #expect(try ledger.verify().problems == [])
        }
    }

    @Test func undoingACategoryDeletedBringsItsAnimalsBackIntoIt() throws {
        try withTemporaryLedger(domain) { ledger in
            try seed(ledger)
            let deleted = try ledger.append([PendingEvent(CategoryDeleted(categoryId: "bird"))])
            #expect(try queryJSON(ledger, "animals").contains("owl") == false)
            let undo = try undoExpectingPastAnswers(ledger, deleted, queries)
            #expect(try allEvents(ledger).suffix(undo.positions.count).map(\.type) == ["CategoryRestored", "AnimalRestored", "AnimalRestored"])
            let bird = try ledger.read { try AnimalsQueries.categoryAnimals("bird", in: $0) }
            #expect(
                bird
                    == CategoryAnimals(
                        categoryId: "bird", name: "Bird",
                        animals: [
                            CategoryAnimal(animalId: "kiwi", name: "Kiwi", diet: .omnivorous),
                            CategoryAnimal(animalId: "owl", name: "Owl", diet: .carnivorous),
                        ]))
            #expect(
                try ledger.read { try AnimalsQueries.categories(in: $0) }.first
                    == CategorySummary(categoryId: "bird", name: "Bird", animalCount: 2))
        }
    }

    @Test func undoOfTheUndoRedoes() throws {
        try withTemporaryLedger(domain) { ledger in
            try seed(ledger)
            for event: any DomainEvent in [
                CategoryDeleted(categoryId: "bird"), CategoryRenamed(categoryId: "mammal", name: "Mammals"),
                AnimalRecategorized(animalId: "owl", categoryId: "mammal"),
            ] {
                let done = try ledger.append([PendingEvent(event)])
                let undo = try undoExpectingPastAnswers(ledger, done, queries)
                let redo = try #require(try ledger.undo(commit: undo.commit))
                expectAnswers(ledger, queries, asOf: done.positions[0], "after redoing \(type(of: event).typeName)")
                try undoExpectingPastAnswers(ledger, redo, queries)
            }
        }
    }

    @Test func aSessionOfSeveralEventsIsUndoneInOneCommit() throws {
        try withTemporaryLedger(domain) { ledger in
            try seed(ledger)
            let session = try ledger.beginSession(name: "new reptiles")
            try session.stage(CategoryCreated(categoryId: "reptile", name: "Reptile"))
            try session.stage(AnimalAdded(animalId: "gecko", name: "Gecko", diet: .carnivorous, categoryId: "reptile"))
            try session.stage(AnimalRecategorized(animalId: "emu", categoryId: "reptile"))
            try session.stage(CategoryRenamed(categoryId: "mammal", name: "Mammals"))
            try session.stage(CategoryDeleted(categoryId: "bird"))
            let committed = try session.commit()
            let headBefore = try ledger.head()
            let undo = try undoExpectingPastAnswers(ledger, committed, queries)
            #expect(undo.commit == headBefore.commit + 1)
            #expect(undo.positions.count == 7)
            #expect(try ledger.head().commit == headBefore.commit + 1)
        }
    }

    @Test func restoringANameTakenSinceBreaksTheRuleAndAppendsNothing() throws {
        try withTemporaryLedger(domain) { ledger in
            try seed(ledger)
            let renamed = try ledger.append([PendingEvent(CategoryRenamed(categoryId: "bird", name: "Aves"))])
            let deleted = try ledger.append([PendingEvent(CategoryDeleted(categoryId: "mammal"))])
            try ledger.append([
                PendingEvent(CategoryCreated(categoryId: "bird-2", name: "BIRD")),
                PendingEvent(CategoryCreated(categoryId: "mammal-2", name: "mammal")),
            ])
            for (commit, holder) in [(renamed.commit, "bird-2"), (deleted.commit, "mammal-2")] {
                let before = try snapshot(ledger, domain)
                let refused = #expect(throws: LedgerError.self) { try ledger.undo(commit: commit) }
                #expect(refused?.kind == .ruleViolation)
                #expect(refused?.rule == "category name must be unique")
                #expect(refused?.message.contains("commit \(commit) cannot be undone") == true)
                #expect(refused?.message.contains("category-\(holder)") == true)
                #expect(try snapshot(ledger, domain) == before)
            }
        }
    }
}
