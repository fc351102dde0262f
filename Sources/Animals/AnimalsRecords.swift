import EventLedger

/// A category as stored in `categories`.
struct CategoryRecord: EntityRow {
    /// The category's name.
    var name: String
    /// Whether the category is deleted.
    var isDeleted = false
}

/// An animal as stored in `animals`.
struct AnimalRecord: EntityRow {
    /// The animal's name.
    var name: String
    /// What the animal eats.
    var diet: Diet
    /// The animal's category, or nil when it has none or named one deleted before.
    var categoryId: String?
    /// Whether the animal is removed, by itself or with its category.
    var isDeleted = false
}

/// The key of a live entity in a table listed by name: names compare ignoring case
/// (`NameOrder`), then ids.
struct NameOrderKey: Codable, Sendable {
    /// The name's ordering key, `NameOrder.key(name)`.
    var nameOrder: String
    /// The entity's id.
    var id: String

    /// The key of the entity `id` called `name`.
    init(_ name: String, _ id: String) {
        nameOrder = NameOrder.key(name)
        self.id = id
    }
}

/// The key of a live animal in `categoryAnimals`: a category's animals by name ignoring
/// case, then id.
struct CategoryAnimalKey: Codable, Sendable {
    /// The category the animal names.
    var categoryId: String
    /// The animal name's ordering key, `NameOrder.key(name)`.
    var nameOrder: String
    /// The animal's id.
    var animalId: String

    /// The key of the animal `animalId` called `name` in the category `categoryId`.
    init(_ categoryId: String, _ name: String, _ animalId: String) {
        self.categoryId = categoryId
        nameOrder = NameOrder.key(name)
        self.animalId = animalId
    }
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

extension ReadModelReader {
    /// The live category whose name equals `name` ignoring case, if any.
    func categoryHolding(name: String) throws(LedgerError) -> String? {
        try row(AnimalsTables.categoryNames, NameOrder.key(name))?.categoryId
    }
}
