import EventLedger
import LedgerTestSupport
import Testing

@testable import Animals

/// `CategoryRestored` and `AnimalRestored`, the events undo appended before the ledger's own
/// `EntityRestored`, which files still hold: their payloads, rules and `apply`, on a read
/// model in memory, and as any event of the domain contract.
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
        // An import may name a category not known yet.
        try model.append(AnimalRestored(animalId: "owl", name: "Barn Owl", diet: .omnivorous, categoryId: "fish"), mode: .importing)
        #expect(try AnimalsQueries.animals(uncategorizedOnly: true, in: model.reader).map(\.categoryId) == ["fish"])
        try model.append(AnimalRestored(animalId: "owl", name: nil, diet: nil))
        #expect(try AnimalsQueries.animals(in: model.reader).map(\.animalId) == ["fox", "kiwi"])
        #expect(try AnimalsQueries.categories(in: model.reader).map(\.animalCount) == [1, 1])
    }

    /// Restoring events appended as any other: each rule they obey refused, their commits
    /// undone and redone.
    static let restoring = DomainScenario(AnimalsDomain(), queries: AnimalsContractTests.scenario.queries)
        .committing(
            CategoryCreated(categoryId: "mammal", name: "Mammal"), CategoryCreated(categoryId: "bird", name: "Bird"),
            AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal"),
            AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird"),
            AnimalAdded(animalId: "kiwi", name: "kiwi", diet: .omnivorous, categoryId: "bird")
        )
        .committing(CategoryDeleted(categoryId: "mammal"))
        .refusing(CategoryRestored(categoryId: "fish", name: "Fish"), rule: "category must exist", entity: "category-fish")
        .refusing(AnimalRestored(animalId: "cod", name: nil, diet: nil), rule: "animal must exist", entity: "animal-cod")
        .refusing(
            CategoryRestored(categoryId: "mammal", name: "bird"), rule: "category name must be unique",
            entity: #"category-mammal ("Bird" is taken by category-bird)"#
        )
        .refusing(
            AnimalRestored(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "mammal"), rule: "category must not be deleted",
            entity: "category-mammal"
        )
        .refusing(
            AnimalRestored(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "fish"), rule: "category must exist",
            entity: "category-fish"
        )
        // Its own name in another case, and an animal the cascade deleted brought back, are fine.
        .committing(CategoryRestored(categoryId: "bird", name: "BIRD"))
        .committing(AnimalRestored(animalId: "fox", name: "Fox", diet: .omnivorous))
        .committing(CategoryRestored(categoryId: "bird", name: nil))
        .committing(CategoryRestored(categoryId: "mammal", name: "Mammals"))
        .committing(AnimalRestored(animalId: "owl", name: "Barn Owl", diet: .carnivorous, categoryId: "mammal"))
        .committing(AnimalRestored(animalId: "kiwi", name: nil, diet: nil))
        .expecting(
            CheckedQuery("animals"),
            #"[{"animalId":"owl","categoryId":"mammal","diet":"carnivorous","name":"Barn Owl"},"#
                + #"{"animalId":"fox","categoryId":null,"diet":"omnivorous","name":"Fox"}]"#
        )

    @Test(arguments: ContractClause.allCases)
    func restoringEventsKeepTheDomainContract(_ clause: ContractClause) throws {
        try Self.restoring.check(clause)
    }
}
