import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// The queries over `animal-category`: exact JSON shapes, orders, table forms, missing entities.
@Suite struct AnimalsQueryTests {
    let domain = AnimalsDomain()

    /// Categories and animals with equal and case-differing names.
    func withFixture(_ body: (Ledger) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(CategoryCreated(categoryId: "m", name: "mammal")),
                PendingEvent(CategoryCreated(categoryId: "b", name: "Bird")),
                PendingEvent(AnimalAdded(animalId: "fox-2", name: "Fox", diet: .omnivorous, categoryId: "m")),
                PendingEvent(AnimalAdded(animalId: "fox-1", name: "Fox", diet: .carnivorous, categoryId: "m")),
                PendingEvent(AnimalAdded(animalId: "ant", name: "ant", diet: .omnivorous)),
                PendingEvent(AnimalAdded(animalId: "bee", name: "Bee", diet: .herbivorous, categoryId: "b")),
            ])
            try body(ledger)
        }
    }

    @Test func categoriesByNameThenId() throws {
        try withFixture { ledger in
            #expect(
                try queryJSON(ledger, "categories") == #"[{"animalCount":1,"categoryId":"b","name":"Bird"},"#
                    + #"{"animalCount":2,"categoryId":"m","name":"mammal"}]"#)
            let typed = try ledger.read { try AnimalsQueries.categories(in: $0) }
            #expect(
                typed == [
                    CategorySummary(categoryId: "b", name: "Bird", animalCount: 1),
                    CategorySummary(categoryId: "m", name: "mammal", animalCount: 2),
                ])
        }
    }

    @Test func categoryAnimalsByNameThenId() throws {
        try withFixture { ledger in
            #expect(
                try queryJSON(ledger, "category-animals", "m") == #"{"animals":[{"animalId":"fox-1","diet":"carnivorous","name":"Fox"},"#
                    + #"{"animalId":"fox-2","diet":"omnivorous","name":"Fox"}],"categoryId":"m","name":"mammal"}"#)
            let typed = try ledger.read { try AnimalsQueries.categoryAnimals("b", in: $0) }
            #expect(
                typed
                    == CategoryAnimals(
                        categoryId: "b", name: "Bird",
                        animals: [CategoryAnimal(animalId: "bee", name: "Bee", diet: .herbivorous)]))
        }
    }

    @Test func animalsByNameThenIdWithUncategorized() throws {
        try withFixture { ledger in
            #expect(
                try queryJSON(ledger, "animals") == #"[{"animalId":"ant","categoryId":null,"diet":"omnivorous","name":"ant"},"#
                    + #"{"animalId":"bee","categoryId":"b","diet":"herbivorous","name":"Bee"},"#
                    + #"{"animalId":"fox-1","categoryId":"m","diet":"carnivorous","name":"Fox"},"#
                    + #"{"animalId":"fox-2","categoryId":"m","diet":"omnivorous","name":"Fox"}]"#)
            #expect(
                try queryJSON(ledger, "animals", flags: ["uncategorized"])
                    == #"[{"animalId":"ant","categoryId":null,"diet":"omnivorous","name":"ant"}]"#)
            let typed = try ledger.read { try AnimalsQueries.animals(uncategorizedOnly: true, in: $0) }
            #expect(typed == [AnimalSummary(animalId: "ant", name: "ant", diet: .omnivorous, categoryId: nil)])
        }
    }

    @Test func missingOrDeletedCategoryIsNotFound() throws {
        try withFixture { ledger in
            try ledger.append(CategoryDeleted(categoryId: "b"))
            for categoryId in ["nothing", "b"] {
                let error = #expect(throws: LedgerError.self) { try ledger.query("category-animals", .init(argument: categoryId)) }
                #expect(error?.kind == .notFound)
                #expect(error?.message == "category \"\(categoryId)\" does not exist")
            }
        }
    }

    @Test func tableForms() throws {
        try withFixture { ledger in
            let categories = try ledger.query("categories")
            #expect(categories.columns == ["CATEGORY ID", "NAME", "ANIMALS"])
            #expect(categories.rows == [["b", "Bird", "1"], ["m", "mammal", "2"]])
            let members = try ledger.query("category-animals", .init(argument: "b"))
            #expect(members.title == "Bird (b)")
            #expect(members.columns == ["ANIMAL ID", "NAME", "DIET"])
            #expect(members.rows == [["bee", "Bee", "herbivorous"]])
            let uncategorized = try ledger.query("animals", .init(flags: ["uncategorized"]))
            #expect(uncategorized.columns == ["ANIMAL ID", "NAME", "DIET", "CATEGORY ID"])
            #expect(uncategorized.rows == [["ant", "ant", "omnivorous", "-"]])
        }
    }

    @Test func queriesAreDeclaredWithTheirArgumentsAndFlags() {
        let queries = domain.queries
        #expect(queries.map(\.name) == ["categories", "category-animals", "animals"])
        #expect(queries.map(\.argumentName) == [nil, "CATEGORY", nil])
        #expect(queries.map(\.flags) == [[], [], ["uncategorized"]])
    }
}
