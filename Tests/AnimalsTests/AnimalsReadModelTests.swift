import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// How events fold into the `animal-category` read model: the cascade, out-of-order
/// imports, counts and orders following edits.
@Suite struct AnimalsReadModelTests {
    let domain = AnimalsDomain()

    @Test func deletingACategoryDeletesTheAnimalsInItAtThatMoment() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(CategoryCreated(categoryId: "mammal", name: "Mammal")),
                PendingEvent(CategoryCreated(categoryId: "bird", name: "Bird")),
                PendingEvent(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal")),
                PendingEvent(AnimalAdded(animalId: "cat", name: "Cat", diet: .carnivorous, categoryId: "mammal")),
                PendingEvent(AnimalAdded(animalId: "bat", name: "Bat", diet: .herbivorous, categoryId: "mammal")),
                PendingEvent(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird")),
                PendingEvent(AnimalAdded(animalId: "snake", name: "Snake", diet: .carnivorous)),
            ])
            try ledger.append(AnimalRecategorized(animalId: "bat", categoryId: "bird"))
            let deletion = try ledger.append(CategoryDeleted(categoryId: "mammal"))

            #expect(
                try queryJSON(ledger, "animals") == #"[{"animalId":"bat","categoryId":"bird","diet":"herbivorous","name":"Bat"},"#
                    + #"{"animalId":"owl","categoryId":"bird","diet":"carnivorous","name":"Owl"},"#
                    + #"{"animalId":"snake","categoryId":null,"diet":"carnivorous","name":"Snake"}]"#)
            #expect(try queryJSON(ledger, "categories") == #"[{"animalCount":2,"categoryId":"bird","name":"Bird"}]"#)
            #expect(
                try queryJSON(ledger, "animals", flags: ["uncategorized"])
                    == #"[{"animalId":"snake","categoryId":null,"diet":"carnivorous","name":"Snake"}]"#)
            let error = #expect(throws: LedgerError.self) { try ledger.query("category-animals", .init(argument: "mammal")) }
            #expect(error?.kind == .notFound)

            // One event records the cascade; the deleted animals' histories show it.
            #expect(deletion.positions.count == 1)
            for animalId in ["fox", "cat"] {
                let history = try ledger.history(of: "animal-\(animalId)")
                #expect(history.map(\.type) == ["AnimalAdded", "CategoryDeleted"])
                #expect(history.last?.position == deletion.positions[0])
            }
            #expect(try ledger.history(of: "animal-bat").map(\.type) == ["AnimalAdded", "AnimalRecategorized"])
        }
    }

    @Test func anAnimalImportedBeforeItsCategoryShowsUnderItOnceItArrives() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(
                [
                    PendingEvent(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird")),
                    PendingEvent(AnimalAdded(animalId: "emu", name: "Emu", diet: .omnivorous)),
                    PendingEvent(AnimalRecategorized(animalId: "emu", categoryId: "bird")),
                ], mode: .importing)
            #expect(try queryJSON(ledger, "categories") == "[]")
            #expect(try queryJSON(ledger, "animals", flags: ["uncategorized"]).contains(#""categoryId":"bird""#))

            try ledger.append([PendingEvent(CategoryCreated(categoryId: "bird", name: "Bird"))], mode: .importing)
            #expect(try queryJSON(ledger, "categories") == #"[{"animalCount":2,"categoryId":"bird","name":"Bird"}]"#)
            #expect(
                try queryJSON(ledger, "category-animals", "bird") == #"{"animals":[{"animalId":"emu","diet":"omnivorous","name":"Emu"},"#
                    + #"{"animalId":"owl","diet":"carnivorous","name":"Owl"}],"categoryId":"bird","name":"Bird"}"#)
            #expect(try queryJSON(ledger, "animals", flags: ["uncategorized"]) == "[]")

            // Those animals are in the category now, so its deletion takes them along.
            try ledger.append(CategoryDeleted(categoryId: "bird"))
            #expect(try queryJSON(ledger, "animals") == "[]")
        }
    }

    @Test func anImportedAnimalNamingADeletedCategoryIsUncategorized() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(CategoryCreated(categoryId: "fish", name: "Fish")),
                PendingEvent(CategoryDeleted(categoryId: "fish")),
            ])
            try ledger.append(
                [PendingEvent(AnimalAdded(animalId: "cod", name: "Cod", diet: .carnivorous, categoryId: "fish"))],
                mode: .importing)
            #expect(
                try queryJSON(ledger, "animals", flags: ["uncategorized"])
                    == #"[{"animalId":"cod","categoryId":null,"diet":"carnivorous","name":"Cod"}]"#)
        }
    }

    @Test func countsAndOrdersFollowEdits() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(CategoryCreated(categoryId: "mammal", name: "Mammal")),
                PendingEvent(CategoryCreated(categoryId: "bird", name: "Bird")),
                PendingEvent(AnimalAdded(animalId: "a", name: "Aardvark", diet: .carnivorous, categoryId: "mammal")),
                PendingEvent(AnimalAdded(animalId: "b", name: "Bear", diet: .omnivorous, categoryId: "mammal")),
            ])
            try ledger.append(AnimalRenamed(animalId: "a", name: "Zebra"))
            try ledger.append(AnimalDietChanged(animalId: "a", diet: .herbivorous))
            try ledger.append(AnimalRecategorized(animalId: "b", categoryId: "bird"))
            try ledger.append(CategoryRenamed(categoryId: "bird", name: "Aves"))
            #expect(
                try queryJSON(ledger, "categories") == #"[{"animalCount":1,"categoryId":"bird","name":"Aves"},"#
                    + #"{"animalCount":1,"categoryId":"mammal","name":"Mammal"}]"#)
            #expect(
                try queryJSON(ledger, "category-animals", "mammal")
                    == #"{"animals":[{"animalId":"a","diet":"herbivorous","name":"Zebra"}],"categoryId":"mammal","name":"Mammal"}"#)
            #expect(
                try queryJSON(ledger, "animals") == #"[{"animalId":"b","categoryId":"bird","diet":"omnivorous","name":"Bear"},"#
                    + #"{"animalId":"a","categoryId":"mammal","diet":"herbivorous","name":"Zebra"}]"#)
        }
    }
}
