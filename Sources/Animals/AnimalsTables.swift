import EventLedger

/// The tables of the `animal-category` read model.
///
/// Keys sort the way the queries list their rows, so every query is one lookup or one
/// prefix scan over exactly the rows it returns.
enum AnimalsTables {
    /// The read model's name, prefix of its tables.
    static let readModel = "animal-category"

    /// Every category created, deleted ones included.
    static let categories = ReadModelTable<String, CategoryRecord>(readModel: readModel, name: "categories")
    /// The case-folded name (`NameOrder.key`) → the live category holding it.
    static let categoryNames = ReadModelTable<String, NameHolder>(readModel: readModel, name: "category-names")
    /// Live categories, in the order of the `categories` query.
    static let categoriesByName = ReadModelTable<NameOrderKey, CategoryListing>(readModel: readModel, name: "categories-by-name")
    /// Every animal added, deleted ones included.
    static let animals = ReadModelTable<String, AnimalRecord>(readModel: readModel, name: "animals")
    /// Live animals, in the order of the `animals` query.
    static let animalsByName = ReadModelTable<NameOrderKey, AnimalListing>(readModel: readModel, name: "animals-by-name")
    /// Live animals naming a category that is live or not yet known, by category.
    static let categoryAnimals = ReadModelTable<CategoryAnimalKey, CategoryAnimalListing>(readModel: readModel, name: "category-animals")
    /// Live animals without a live category, in the order of the `animals --uncategorized` query.
    static let uncategorizedAnimals = ReadModelTable<NameOrderKey, AnimalListing>(readModel: readModel, name: "uncategorized-animals")

    /// Every table of the read model.
    static let all: [any DeclaredTable] = [
        categories, categoryNames, categoriesByName, animals, animalsByName,
        categoryAnimals, uncategorizedAnimals,
    ]
}

extension ReadModelReader {
    /// The live category whose name equals `name` ignoring case, if any.
    func categoryHolding(name: String) throws(LedgerError) -> String? {
        try row(AnimalsTables.categoryNames, NameOrder.key(name))?.categoryId
    }
}
