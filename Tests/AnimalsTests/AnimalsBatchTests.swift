import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// Batches are checked event by event against the state including earlier events of
/// the batch, and commit all or nothing.
@Suite struct AnimalsBatchTests {
    let domain = AnimalsDomain()

    @Test func aLaterEventSeesAnEarlierOne() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(CategoryCreated(categoryId: "mammal", name: "Mammal")),
                PendingEvent(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal")),
                PendingEvent(CategoryRenamed(categoryId: "mammal", name: "Mammals")),
                PendingEvent(CategoryCreated(categoryId: "c2", name: "Mammal")),
            ])
            #expect(
                try queryJSON(ledger, "categories") == #"[{"animalCount":0,"categoryId":"c2","name":"Mammal"},"#
                    + #"{"animalCount":1,"categoryId":"mammal","name":"Mammals"}]"#)
        }
    }

    @Test func aLaterEventSeesAnEarlierNameAndCascade() throws {
        try withTemporaryLedger(domain) { ledger in
            try expectRuleViolation(
                "category name must be unique", entity: #"category-c2 ("Mammal" is taken by category-mammal)"#,
                appending: [
                    PendingEvent(CategoryCreated(categoryId: "mammal", name: "Mammal")),
                    PendingEvent(CategoryCreated(categoryId: "c2", name: "MAMMAL")),
                ],
                to: ledger, domain)
            try expectRuleViolation(
                "animal must not be deleted", entity: "animal-fox",
                appending: [
                    PendingEvent(CategoryCreated(categoryId: "mammal", name: "Mammal")),
                    PendingEvent(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal")),
                    PendingEvent(CategoryDeleted(categoryId: "mammal")),
                    PendingEvent(AnimalRenamed(animalId: "fox", name: "Red Fox")),
                ], to: ledger, domain)
            #expect(try ledger.head().position == 0)
        }
    }

    @Test func aFailingEventRejectsTheWholeBatch() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(CategoryCreated(categoryId: "mammal", name: "Mammal"))
            let batch = [
                PendingEvent(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal")),
                PendingEvent(CategoryDeleted(categoryId: "mammal")),
                PendingEvent(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird")),
            ]
            try expectRuleViolation("category must exist", entity: "category-bird", appending: batch, to: ledger, domain)
            let error = #expect(throws: LedgerError.self) { try ledger.append(batch) }
            #expect(error?.eventIndex == 2)
            #expect(try queryJSON(ledger, "categories") == #"[{"animalCount":0,"categoryId":"mammal","name":"Mammal"}]"#)
        }
    }
}
