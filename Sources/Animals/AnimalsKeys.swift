import EventLedger

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
