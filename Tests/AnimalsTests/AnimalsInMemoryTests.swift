import Animals
import EventLedger
import Testing

/// The domain's rules and `apply` on a read model in memory, without a ledger file.
@Suite struct AnimalsInMemoryTests {
    /// A read model with the categories `mammal` and `bird` and three animals, two of them birds.
    func seededModel() throws -> InMemoryReadModel<AnimalsDomain> {
        let model = InMemoryReadModel(AnimalsDomain())
        try model.append(CategoryCreated(categoryId: "mammal", name: "Mammal"))
        try model.append(CategoryCreated(categoryId: "bird", name: "Bird"))
        try model.append(AnimalAdded(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal"))
        try model.append(AnimalAdded(animalId: "owl", name: "Owl", diet: .carnivorous, categoryId: "bird"))
        try model.append(AnimalAdded(animalId: "kiwi", name: "kiwi", diet: .omnivorous, categoryId: "bird"))
        return model
    }

    @Test func deletingACategoryDeletesItsAnimals() throws {
        let model = try seededModel()
        #expect(try AnimalsQueries.categoryAnimals("bird", in: model.reader).animals.map(\.animalId) == ["kiwi", "owl"])
        #expect(
            try AnimalsQueries.categories(in: model.reader)
                == [
                    CategorySummary(categoryId: "bird", name: "Bird", animalCount: 2),
                    CategorySummary(categoryId: "mammal", name: "Mammal", animalCount: 1),
                ])

        try model.append(CategoryDeleted(categoryId: "bird"))
        #expect(
            try AnimalsQueries.animals(in: model.reader)
                == [AnimalSummary(animalId: "fox", name: "Fox", diet: .omnivorous, categoryId: "mammal")])
        #expect(try AnimalsQueries.categories(in: model.reader).map(\.categoryId) == ["mammal"])
        let missing = #expect(throws: LedgerError.self) { try AnimalsQueries.categoryAnimals("bird", in: model.reader) }
        #expect(missing?.kind == .notFound)
    }

    @Test func theRulesRejectAnEditOfAnAnimalDeletedByTheCascadeAndChangeNothing() throws {
        let model = try seededModel()
        try model.append(CategoryDeleted(categoryId: "bird"))
        let rejected = #expect(throws: LedgerError.self) { try model.append(AnimalRenamed(animalId: "owl", name: "Barn Owl")) }
        #expect(rejected?.rule == "animal must not be deleted")
        #expect(rejected?.subject == "animal-owl")
        #expect(model.position == 6)
    }

    @Test func anAnimalImportedBeforeItsCategoryJoinsItWhenItArrives() throws {
        let model = InMemoryReadModel(AnimalsDomain())
        try model.append(AnimalAdded(animalId: "emu", name: "Emu", diet: .omnivorous, categoryId: "bird"), mode: .importing)
        #expect(try AnimalsQueries.animals(uncategorizedOnly: true, in: model.reader).map(\.animalId) == ["emu"])

        try model.append(CategoryCreated(categoryId: "bird", name: "Bird"))
        #expect(try AnimalsQueries.animals(uncategorizedOnly: true, in: model.reader).isEmpty)
        #expect(
            try AnimalsQueries.categories(in: model.reader)
                == [CategorySummary(categoryId: "bird", name: "Bird", animalCount: 1)])
    }
}
