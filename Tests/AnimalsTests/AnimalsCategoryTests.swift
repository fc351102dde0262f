import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// What only categories do: their deletion takes their animals along, recorded by one event
/// that each animal's history shows; undoing a commit is refused when a name it would give
/// back has been taken since.
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
}
