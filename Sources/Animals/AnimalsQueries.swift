import EventLedger

/// A live category as the `categories` query lists it.
public struct CategorySummary: Codable, Sendable, Equatable {
    /// The category's id and name.
    public let categoryId: String, name: String
    /// The number of live animals in the category.
    public let animalCount: Int
}

/// An animal of a category, as the `category-animals` query lists it.
public struct CategoryAnimal: Codable, Sendable, Equatable {
    /// The animal's id and name.
    public let animalId: String, name: String
    /// What the animal eats.
    public let diet: Diet
}

/// A live category and its live animals: the answer of the `category-animals` query.
public struct CategoryAnimals: Codable, Sendable, Equatable {
    /// The category's id and name.
    public let categoryId: String, name: String
    /// The category's animals, by name, then id.
    public let animals: [CategoryAnimal]
}

/// A live animal as the `animals` query lists it.
public struct AnimalSummary: Codable, Sendable, Equatable {
    /// The animal's id and name.
    public let animalId: String, name: String
    /// What the animal eats.
    public let diet: Diet
    /// The animal's category, or nil when it has none.
    public let categoryId: String?
}

/// The queries over the `animal-category` read model, typed.
///
/// Pass the reader of `Ledger.read { }`, or any other (past position, session preview).
/// Orders compare names ignoring case (`NameOrder`), then ids.
public enum AnimalsQueries {
    /// Live categories with their live animal counts, by name, then id.
    public static func categories(in readModel: ReadModelReader) throws(LedgerError) -> [CategorySummary] {
        try readModel.rows(AnimalsTables.categories, index: AnimalsTables.categoriesByName).map { entry throws(LedgerError) in
            let animalCount = try readModel.count(AnimalsTables.animals, index: AnimalsTables.animalsByCategory, .prefix(entry.key))
            return CategorySummary(categoryId: entry.key, name: entry.row.name, animalCount: animalCount)
        }
    }

    /// The live category `categoryId` with its live animals, by name, then id.
    /// Throws `LedgerError` `.notFound` when the category does not exist or is deleted.
    public static func categoryAnimals(_ categoryId: String, in readModel: ReadModelReader) throws(LedgerError) -> CategoryAnimals {
        let category = try readModel.requireFound(AnimalsTables.categories, categoryId, kind: "category")
        let animals = try readModel.rows(AnimalsTables.animals, index: AnimalsTables.animalsByCategory, .prefix(categoryId)).map { entry in
            CategoryAnimal(animalId: entry.key, name: entry.row.name, diet: entry.row.diet)
        }
        return CategoryAnimals(categoryId: categoryId, name: category.name, animals: animals)
    }

    /// Live animals by name, then id; with `uncategorizedOnly`, only those without a
    /// live category (none, or not yet known).
    public static func animals(uncategorizedOnly: Bool = false, in readModel: ReadModelReader) throws(LedgerError) -> [AnimalSummary] {
        var animals: [AnimalSummary] = []
        for entry in try readModel.rows(AnimalsTables.animals, index: AnimalsTables.animalsByName) {
            if uncategorizedOnly, let categoryId = entry.row.categoryId,
                try readModel.liveRow(AnimalsTables.categories, categoryId) != nil
            {
                continue
            }
            animals.append(AnimalSummary(animalId: entry.key, name: entry.row.name, diet: entry.row.diet, categoryId: entry.row.categoryId))
        }
        return animals
    }
}
