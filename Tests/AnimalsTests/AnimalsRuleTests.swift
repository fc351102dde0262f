import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// The rules of categories and animals: every rule accepted once and rejected once; a rejection changes nothing.
@Suite struct AnimalsRuleTests {
    let domain = AnimalsDomain()

    /// A ledger with the live category `mammal` ("Mammal"), the deleted category `fish`,
    /// the live animal `fox` (in `mammal`) and the removed animal `dodo`.
    func withSeededLedger(_ body: (Ledger) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(CategoryCreated(categoryId: "mammal", name: "Mammal")),
                PendingEvent(CategoryCreated(categoryId: "fish", name: "Fish")),
                PendingEvent(CategoryDeleted(categoryId: "fish")),
                PendingEvent(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal")),
                PendingEvent(AnimalAdded(animalId: "dodo", name: "Dodo", diet: .herbivorous)),
                PendingEvent(AnimalRemoved(animalId: "dodo")),
            ])
            try body(ledger)
        }
    }

    @Test func categoryEditsNeedALiveCategory() throws {
        try withSeededLedger { ledger in
            for (categoryId, rule) in [("nothing", "category must exist"), ("fish", "category must not be deleted")] {
                for event in [
                    PendingEvent(CategoryRenamed(categoryId: categoryId, name: "X")),
                    PendingEvent(CategoryDeleted(categoryId: categoryId)),
                ] {
                    try expectRuleViolation(rule, entity: "category-\(categoryId)", appending: [event], to: ledger, domain)
                }
            }
            try ledger.append(CategoryRenamed(categoryId: "mammal", name: "Mammals"))
            #expect(try queryJSON(ledger, "categories") == #"[{"animalCount":1,"categoryId":"mammal","name":"Mammals"}]"#)
        }
    }

    @Test func animalEditsNeedALiveAnimal() throws {
        try withSeededLedger { ledger in
            for (animalId, rule) in [("nothing", "animal must exist"), ("dodo", "animal must not be deleted")] {
                for event in [
                    PendingEvent(AnimalRenamed(animalId: animalId, name: "X")),
                    PendingEvent(AnimalDietChanged(animalId: animalId, diet: .carnivorous)),
                    PendingEvent(AnimalRecategorized(animalId: animalId)),
                    PendingEvent(AnimalRemoved(animalId: animalId)),
                ] {
                    try expectRuleViolation(rule, entity: "animal-\(animalId)", appending: [event], to: ledger, domain)
                }
            }
            try ledger.append(AnimalRenamed(animalId: "fox", name: "Red Fox"))
            try ledger.append(AnimalDietChanged(animalId: "fox", diet: .carnivorous))
            try ledger.append(AnimalRecategorized(animalId: "fox"))
            #expect(
                try queryJSON(ledger, "animals")
                    == #"[{"animalId":"fox","categoryId":null,"diet":"carnivorous","name":"Red Fox"}]"#)
            try ledger.append(AnimalRemoved(animalId: "fox"))
            #expect(try queryJSON(ledger, "animals") == "[]")
        }
    }

    @Test func anAnimalDeletedByItsCategorysCascadeCountsAsDeleted() throws {
        try withSeededLedger { ledger in
            try ledger.append(CategoryDeleted(categoryId: "mammal"))
            try expectRuleViolation(
                "animal must not be deleted", entity: "animal-fox",
                appending: [PendingEvent(AnimalRenamed(animalId: "fox", name: "Fox"))], to: ledger, domain)
            try expectRuleViolation(
                "id must be new", entity: "animal-fox",
                appending: [PendingEvent(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous))],
                to: ledger, domain)
        }
    }

    @Test func anAnimalsCategoryMustBeLiveOnLocalAppends() throws {
        try withSeededLedger { ledger in
            try expectRuleViolation(
                "category must exist", entity: "category-bird",
                appending: [
                    PendingEvent(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird"))
                ], to: ledger, domain)
            try expectRuleViolation(
                "category must not be deleted", entity: "category-fish",
                appending: [
                    PendingEvent(AnimalAdded(animalId: "cod", name: "Cod", diet: .carnivorous, categoryId: "fish"))
                ], to: ledger, domain)
            try expectRuleViolation(
                "category must exist", entity: "category-bird",
                appending: [
                    PendingEvent(AnimalRecategorized(animalId: "fox", categoryId: "bird"))
                ], to: ledger, domain)
            try expectRuleViolation(
                "category must not be deleted", entity: "category-fish",
                appending: [
                    PendingEvent(AnimalRecategorized(animalId: "fox", categoryId: "fish"))
                ], to: ledger, domain)

            try ledger.append(AnimalAdded(animalId: "cat", name: "Cat", diet: .carnivorous, categoryId: "mammal"))
            #expect(try queryJSON(ledger, "categories") == #"[{"animalCount":2,"categoryId":"mammal","name":"Mammal"}]"#)
        }
    }

    @Test func importsAcceptCategoriesNotYetKnown() throws {
        try withSeededLedger { ledger in
            try ledger.append(
                [
                    PendingEvent(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird")),
                    PendingEvent(AnimalRecategorized(animalId: "fox", categoryId: "bird")),
                ], mode: .importing)
            #expect(
                try queryJSON(ledger, "animals", flags: ["uncategorized"]) == #"[{"animalId":"fox","categoryId":"bird","#
                    + #""diet":"omnivorous","name":"Fox"},{"animalId":"owl","categoryId":"bird","diet":"carnivorous","name":"Owl"}]"#)
        }
    }

    @Test func categoryNamesAreUniqueIgnoringCaseInEveryMode() throws {
        try withSeededLedger { ledger in
            for mode in [RuleMode.strict, .importing] {
                try expectRuleViolation(
                    "category name must be unique",
                    entity: #"category-c2 ("Mammal" is taken by category-mammal)"#,
                    appending: [
                        PendingEvent(
                            type: "CategoryCreated",
                            payload: payload(#"{"categoryId":"c2","name":"  mAMMAL "}"#))
                    ],
                    to: ledger, domain, mode: mode)
            }
            // A deleted category's name is free again.
            try ledger.append(CategoryCreated(categoryId: "fish-2", name: "FISH"))
            try expectRuleViolation(
                "category name must be unique", entity: #"category-fish-2 ("Mammal" is taken by category-mammal)"#,
                appending: [PendingEvent(CategoryRenamed(categoryId: "fish-2", name: "mammal"))],
                to: ledger, domain)
            // A category may change the case of its own name.
            try ledger.append(CategoryRenamed(categoryId: "mammal", name: "MAMMAL"))
            #expect(
                try queryJSON(ledger, "categories") == #"[{"animalCount":0,"categoryId":"fish-2","name":"FISH"},"#
                    + #"{"animalCount":1,"categoryId":"mammal","name":"MAMMAL"}]"#)
            // The old name is free once renamed away.
            try ledger.append(CategoryRenamed(categoryId: "mammal", name: "Mammalia"))
            try ledger.append(CategoryCreated(categoryId: "c3", name: "Mammal"))
            #expect(try ledger.read { try AnimalsQueries.categories(in: $0) }.map(\.name) == ["FISH", "Mammal", "Mammalia"])
        }
    }
}
