import Animals
import EventLedger
import LedgerTestSupport
import Testing

/// `CategoryRestored` and `AnimalRestored`, the events undo appends: their payloads, rules
/// and `apply`, on a read model in memory.
@Suite struct AnimalsRestoreTests {
    /// A read model with the categories `mammal` and `bird`, a fox in `mammal`, an owl and a kiwi in `bird`.
    func seededModel() throws -> InMemoryReadModel<AnimalsDomain> {
        let model = InMemoryReadModel(AnimalsDomain())
        try model.append(CategoryCreated(categoryId: "mammal", name: "Mammal"))
        try model.append(CategoryCreated(categoryId: "bird", name: "Bird"))
        try model.append(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal"))
        try model.append(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird"))
        try model.append(AnimalAdded(animalId: "kiwi", name: "kiwi", diet: .omnivorous, categoryId: "bird"))
        return model
    }

    @Test func aRemovedAnimalNeedsNeitherNameNorDietAndARestoredOneBoth() throws {
        let removed = try AnimalRestored(payload: payload(#"{"animalId":"fox","name":null}"#))
        #expect(removed == AnimalRestored(animalId: "fox", name: nil, diet: nil))
        #expect(try removed.payload == payload(#"{"animalId":"fox"}"#))
        let live = try AnimalRestored(payload: payload(#"{"animalId":"fox","name":" Fox ","diet":"omnivorous","categoryId":"mammal"}"#))
        #expect(live == AnimalRestored(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal"))
        expectInvalidField("diet") { try AnimalRestored(payload: payload(#"{"animalId":"fox","name":"Fox"}"#)) }
        expectInvalidField("name") { try AnimalRestored(payload: payload(#"{"animalId":"fox","diet":"omnivorous"}"#)) }
        expectInvalidField("name") { try AnimalRestored(payload: payload(#"{"animalId":"fox","categoryId":"mammal"}"#)) }
        expectInvalidField("name") { try CategoryRestored(payload: payload(#"{"categoryId":"bird","name":" "}"#)) }
        #expect(try CategoryRestored(payload: payload(#"{"categoryId":"bird"}"#)) == CategoryRestored(categoryId: "bird", name: nil))
    }

    @Test func aNamedRestoreOfALiveCategoryRenamesItInPlace() throws {
        let model = try seededModel()
        try model.append(CategoryRestored(categoryId: "bird", name: "Aves"))
        #expect(
            try AnimalsQueries.categories(in: model.reader)
                == [
                    CategorySummary(categoryId: "bird", name: "Aves", animalCount: 2),
                    CategorySummary(categoryId: "mammal", name: "Mammal", animalCount: 1),
                ])
        #expect(try AnimalsQueries.categoryAnimals("bird", in: model.reader).animals.map(\.animalId) == ["kiwi", "owl"])
        // The old name is free again, the new one taken.
        try model.append(CategoryCreated(categoryId: "bird-2", name: "BIRD"))
        let taken = #expect(throws: LedgerError.self) { try model.append(CategoryCreated(categoryId: "aves", name: "aves")) }
        #expect(taken?.rule == "category name must be unique")
    }

    @Test func aNamedRestoreOfADeletedCategoryBringsItBackAsCreatedAndItsAnimalsWithTheirOwn() throws {
        let model = try seededModel()
        try model.append(CategoryDeleted(categoryId: "bird"))
        try model.append(CategoryRestored(categoryId: "bird", name: "Bird"))
        #expect(try AnimalsQueries.categoryAnimals("bird", in: model.reader).animals.isEmpty)
        try model.append(AnimalRestored(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird"))
        try model.append(AnimalRestored(animalId: "kiwi", name: "kiwi", diet: .omnivorous, categoryId: "bird"))
        #expect(
            try AnimalsQueries.categories(in: model.reader).first
                == CategorySummary(categoryId: "bird", name: "Bird", animalCount: 2))
        #expect(
            try AnimalsQueries.categoryAnimals("bird", in: model.reader).animals
                == [
                    CategoryAnimal(animalId: "kiwi", name: "kiwi", diet: .omnivorous),
                    CategoryAnimal(animalId: "owl", name: "Owl", diet: .carnivorous),
                ])
        #expect(try AnimalsQueries.animals(uncategorizedOnly: true, in: model.reader).isEmpty)
    }

    @Test func aRestoreWithoutANameDeletesTheCategoryAndLeavesItsAnimalsUncategorized() throws {
        let model = try seededModel()
        let linked = try model.append(CategoryRestored(categoryId: "bird", name: nil))
        #expect(linked == ["animal-kiwi", "animal-owl"])
        #expect(try AnimalsQueries.categories(in: model.reader).map(\.categoryId) == ["mammal"])
        #expect(
            try AnimalsQueries.animals(uncategorizedOnly: true, in: model.reader)
                == [
                    AnimalSummary(animalId: "kiwi", name: "kiwi", diet: .omnivorous, categoryId: nil),
                    AnimalSummary(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: nil),
                ])
        // Its name is free again.
        try model.append(CategoryCreated(categoryId: "bird-2", name: "bird"))
    }

    @Test func aNamedRestoreOfALiveAnimalChangesItInPlaceAndARestoreWithoutOneRemovesIt() throws {
        let model = try seededModel()
        try model.append(AnimalRestored(animalId: "owl", name: "Barn Owl", diet: .omnivorous, categoryId: "mammal"))
        #expect(try AnimalsQueries.categories(in: model.reader).map(\.animalCount) == [1, 2])
        #expect(
            try AnimalsQueries.categoryAnimals("mammal", in: model.reader).animals
                == [
                    CategoryAnimal(animalId: "owl", name: "Barn Owl", diet: .omnivorous),
                    CategoryAnimal(animalId: "fox", name: "Fox", diet: .omnivorous),
                ])
        try model.append(AnimalRestored(animalId: "owl", name: "Barn Owl", diet: .omnivorous))
        #expect(try AnimalsQueries.animals(uncategorizedOnly: true, in: model.reader).map(\.animalId) == ["owl"])
        try model.append(AnimalRestored(animalId: "owl", name: nil, diet: nil))
        #expect(try AnimalsQueries.animals(in: model.reader).map(\.animalId) == ["fox", "kiwi"])
        #expect(try AnimalsQueries.categories(in: model.reader).map(\.animalCount) == [1, 1])
    }

    @Test func theRulesRefuseToCreateByARestoreToTakeANameOrToUseADeletedCategory() throws {
        let model = try seededModel()
        try model.append(CategoryDeleted(categoryId: "mammal"))
        let cases: [(event: any DomainEvent, rule: String, subject: String)] = [
            (CategoryRestored(categoryId: "fish", name: "Fish"), "category must exist", "category-fish"),
            (AnimalRestored(animalId: "cod", name: nil, diet: nil), "animal must exist", "animal-cod"),
            (
                CategoryRestored(categoryId: "mammal", name: "bird"), "category name must be unique",
                #"category-mammal ("Bird" is taken by category-bird)"#
            ),
            (
                AnimalRestored(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "mammal"), "category must not be deleted",
                "category-mammal"
            ),
            (AnimalRestored(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "fish"), "category must exist", "category-fish"),
        ]
        for (event, rule, subject) in cases {
            let refused = #expect(throws: LedgerError.self) { try model.append(event) }
            #expect(refused?.rule == rule, "\(event)")
            #expect(refused?.subject == subject, "\(event)")
        }
        #expect(model.position == 6)
        // Its own name, in another case, and a deleted animal brought back, are fine.
        try model.append(CategoryRestored(categoryId: "bird", name: "BIRD"))
        try model.append(AnimalRestored(animalId: "fox", name: "Fox", diet: .omnivorous))
        try model.append(AnimalRestored(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "fish"), mode: .importing)
        #expect(try AnimalsQueries.animals(uncategorizedOnly: true, in: model.reader).map(\.animalId) == ["fox", "owl"])
    }
}
