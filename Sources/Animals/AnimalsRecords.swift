import EventLedger

/// A category as stored in `categories`.
struct CategoryRecord: EntityRow {
    /// The category's name.
    var name: String
    /// Whether the category is deleted.
    var isDeleted = false
}

/// An animal as stored in `animals`.
struct AnimalRecord: EntityRow, Equatable {
    /// The animal's name.
    var name: String
    /// What the animal eats.
    var diet: Diet
    /// The animal's category, or nil when it has none or named one deleted before.
    var categoryId: String?
    /// Whether the animal is removed, by itself or with its category.
    var isDeleted = false
}

/// A live category in `categoriesByName`.
struct CategoryListing: Codable, Sendable {
    /// The category's name.
    var name: String
    /// The number of live animals in the category.
    var animalCount: Int
}

/// The live category holding a name in `categoryNames`.
struct NameHolder: Codable, Sendable {
    /// The category's id.
    var categoryId: String
}

/// A live animal in `animalsByName` and `uncategorizedAnimals`.
struct AnimalListing: Codable, Sendable {
    /// The animal's name.
    var name: String
    /// What the animal eats.
    var diet: Diet
    /// The animal's category, or nil when it has none.
    var categoryId: String?
}

/// A live animal in `categoryAnimals`.
struct CategoryAnimalListing: Codable, Sendable {
    /// The animal's name.
    var name: String
    /// What the animal eats.
    var diet: Diet
}
