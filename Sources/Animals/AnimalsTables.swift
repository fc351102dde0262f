import EventLedger

/// The tables of the `animal-category` read model: categories and animals, each row the
/// whole state of its entity, with the indexes the queries read.
enum AnimalsTables {
    /// The read model's name, prefix of its tables.
    static let readModel = "animal-category"

    /// Live categories by name ignoring case, which no two of them share.
    static let categoriesByName = TableIndex<CategoryRecord>("by-name", unique: true, rule: "category name must be unique") { category in
        category.isDeleted ? nil : CaseFolded(category.name)
    }
    /// Every category created, deleted ones included; the streams of categories are
    /// `category-⟨categoryId⟩`. Which animals are in a category is part
    /// of its state: one put in it or taken out since makes undoing the category's earlier
    /// commits a conflict.
    static let categories = ReadModelTable<String, CategoryRecord>(
        readModel: readModel, name: "categories", entityStream: "category-", indexes: [categoriesByName],
        referredBy: [Referrers(animals, index: animalsByCategory)])

    /// Live animals by name ignoring case, then id.
    static let animalsByName = TableIndex<AnimalRecord>("by-name") { animal in
        animal.isDeleted ? nil : CaseFolded(animal.name)
    }
    /// Live animals naming a category (live or not yet known), by category, then name ignoring case, then id.
    static let animalsByCategory = TableIndex<AnimalRecord>("by-category") { animal in
        animal.isDeleted ? nil : animal.categoryId.map { ($0, CaseFolded(animal.name)) }
    }
    /// Every animal added, deleted ones included; the streams of animals are `animal-⟨animalId⟩`.
    /// Undo brings none back into a category that is not live.
    static let animals = ReadModelTable<String, AnimalRecord>(
        readModel: readModel, name: "animals", entityStream: "animal-", indexes: [animalsByName, animalsByCategory],
        restoring: AnimalsDomain.checkRestoring(animal:_:in:))
}
