import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// What only categories do: their deletion takes their animals along, recorded by one event
/// that each animal's history shows; undoing a commit is refused when a name it would give
/// back has been taken since, when an animal was put in a category since, or when it would
/// bring an animal back into a category deleted since.
@Suite struct AnimalsCategoryTests {
    let domain = AnimalsDomain()

    @Test func oneEventRecordsACascadeAndTheDeletedAnimalsHistoriesShowIt() throws {
        try AnimalsContractTests.scenario.withLedger { ledger in
            let deletion = try #require(try ledger.history(of: "category-mammal").last)
            #expect(deletion.type == "CategoryDeleted")
            for animalId in ["fox", "cat"] {
                let history = try ledger.history(of: "animal-\(animalId)")
                #expect(history.map(\.type) == ["AnimalAdded", "CategoryDeleted"])
                #expect(history.last?.position == deletion.position)
            }
            // The bat had left the category before; it went with the next one it was in.
            #expect(
                try ledger.history(of: "animal-bat").map(\.type) == ["AnimalAdded", "AnimalRecategorized", "AnimalRecategorized", "CategoryDeleted"])
        }
    }

    @Test func restoringANameTakenSinceBreaksTheRuleAndAppendsNothing() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(CategoryCreated(categoryId: "mammal", name: "Mammal")), PendingEvent(CategoryCreated(categoryId: "bird", name: "Bird")),
            ])
            let renamed = try ledger.append(CategoryRenamed(categoryId: "bird", name: "Aves"))
            let deleted = try ledger.append(CategoryDeleted(categoryId: "mammal"))
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

    @Test func anAnimalPutInACategorySinceMakesUndoingItsEarlierCommitsAConflictNamingIt() throws {
        try withTemporaryLedger(domain) { ledger in
            let created = try ledger.append(CategoryCreated(categoryId: "reptile", name: "Reptile"))
            let added = try ledger.append(AnimalAdded(animalId: "gecko", name: "Gecko", diet: .carnivorous, categoryId: "reptile"))
            try expectUndoConflict(created.commit, naming: added.commit, "category-reptile", ledger)
            // Redoing its deletion, too, once an animal was put in it again.
            let deleted = try ledger.append(CategoryDeleted(categoryId: "reptile"))
            let undo = try #require(try ledger.undo(commit: deleted.commit))
            let skink = try ledger.append(AnimalAdded(animalId: "skink", name: "Skink", diet: .carnivorous, categoryId: "reptile"))
            try expectUndoConflict(undo.commit, naming: skink.commit, "category-reptile", ledger)
            // Once that animal is gone again, the redo deletes the category and the animals it had.
            try ledger.undo(commit: skink.commit)
            try ledger.undo(commit: undo.commit)
            #expect(try ledger.read { try AnimalsQueries.categories(in: $0) } == [])
            #expect(try ledger.read { try AnimalsQueries.animals(in: $0) } == [])
        }
    }

    @Test func anAnimalInACategoryChangedOtherwiseSinceLeavesItsEarlierCommitsUndoable() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(CategoryCreated(categoryId: "fish", name: "Fish"))
            try ledger.append(AnimalAdded(animalId: "cod", name: "Cod", diet: .carnivorous, categoryId: "fish"))
            let renamed = try ledger.append(CategoryRenamed(categoryId: "fish", name: "Pisces"))
            try ledger.append(AnimalRenamed(animalId: "cod", name: "Atlantic Cod"))
            try ledger.undo(commit: renamed.commit)
            #expect(try ledger.read { try AnimalsQueries.categoryAnimals("fish", in: $0) }.name == "Fish")
        }
    }

    @Test func undoNeverBringsAnAnimalBackIntoACategoryDeletedSince() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(CategoryCreated(categoryId: "reptile", name: "Reptile"))
            try ledger.append(AnimalAdded(animalId: "gecko", name: "Gecko", diet: .carnivorous, categoryId: "reptile"))
            let removed = try ledger.append(AnimalRemoved(animalId: "gecko"))
            try ledger.append(CategoryDeleted(categoryId: "reptile"))
            let before = try snapshot(ledger, domain)
            let refused = #expect(throws: LedgerError.self) { try ledger.undo(commit: removed.commit) }
            #expect(refused?.kind == .ruleViolation)
            #expect(refused?.rule == "category must not be deleted")
            #expect(refused?.subject == "category-reptile")
            #expect(try snapshot(ledger, domain) == before)
        }
    }

    /// Expects undoing `commit` to be a conflict naming the later commit `later` and `entity`,
    /// appending nothing.
    private func expectUndoConflict(_ commit: UInt64, naming later: UInt64, _ entity: String, _ ledger: Ledger) throws {
        let before = try snapshot(ledger, domain)
        let refused = #expect(throws: LedgerError.self) { try ledger.undo(commit: commit) }
        #expect(refused?.kind == .conflict)
        #expect(refused?.message == "commit \(commit) cannot be undone: commit \(later) changed \(entity) since")
        #expect(try snapshot(ledger, domain) == before)
    }
}
