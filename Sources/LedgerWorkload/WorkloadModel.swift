import EventLedger

/// What the generator knows of the ledger it feeds, mirroring the domains' rules: which
/// artists, songs, categories, animals and favourites are live, the live category
/// names (compared ignoring case, as the ledger compares them), and which animals each
/// category would take with it when deleted. Nothing iterates a `Set` or `Dictionary`,
/// whose order differs between runs: the stream depends on the seed alone. Deleted ids simply leave the pools; created
/// ids are never reused, because the generator derives them from the event sequence.
struct WorkloadModel {
    var artists = LivePool()
    var songs = LivePool()
    var categories = LivePool()
    var animals = LivePool()
    var favourites = LivePool()
    /// Dishes that were favourites and are not any more: they may be favourited again.
    var formerFavourites = LivePool()
    /// The names of deleted categories, free to be taken again unless a live category has since.
    private(set) var retiredCategoryNames: [String] = []
    private var categoryNames: [String: String] = [:]
    private var categoryNameHolders: [String: String] = [:]
    private var animalCategories: [String: String] = [:]
    private var categoryAnimals: [String: LivePool] = [:]

    /// The key under which the ledger compares category names: names equal ignoring case.
    static func nameKey(_ name: String) -> String { NameOrder.key(name) }

    /// The name of the live category `categoryId`.
    func categoryName(_ categoryId: String) -> String? { categoryNames[categoryId] }

    /// Whether `categoryId` (nil: a new category) may take `name`: no other live category holds it.
    func mayName(_ categoryId: String?, _ name: String) -> Bool {
        guard let holder = categoryNameHolders[Self.nameKey(name)] else { return true }
        return holder == categoryId
    }

    mutating func nameCategory(_ categoryId: String, _ name: String) {
        if let old = categoryNames[categoryId] { categoryNameHolders[Self.nameKey(old)] = nil }
        categories.insert(categoryId)
        categoryNames[categoryId] = name
        categoryNameHolders[Self.nameKey(name)] = categoryId
    }

    /// Deletes the category and, as the ledger does, every animal in it.
    mutating func deleteCategory(_ categoryId: String) {
        guard let name = categoryNames.removeValue(forKey: categoryId) else { return }
        categories.remove(categoryId)
        categoryNameHolders[Self.nameKey(name)] = nil
        retiredCategoryNames.append(name)
        for animalId in categoryAnimals.removeValue(forKey: categoryId)?.ids ?? [] {
            animals.remove(animalId)
            animalCategories[animalId] = nil
        }
    }

    /// Adds the animal, or moves an existing one, to `categoryId` (nil: no category).
    mutating func placeAnimal(_ animalId: String, in categoryId: String?) {
        animals.insert(animalId)
        if let old = animalCategories.removeValue(forKey: animalId) { categoryAnimals[old]?.remove(animalId) }
        guard let categoryId else { return }
        animalCategories[animalId] = categoryId
        categoryAnimals[categoryId, default: LivePool()].insert(animalId)
    }

    mutating func removeAnimal(_ animalId: String) {
        animals.remove(animalId)
        if let old = animalCategories.removeValue(forKey: animalId) { categoryAnimals[old]?.remove(animalId) }
    }

    mutating func favourite(_ dishId: String) {
        formerFavourites.remove(dishId)
        favourites.insert(dishId)
    }

    mutating func unfavourite(_ dishId: String) {
        favourites.remove(dishId)
        formerFavourites.insert(dishId)
    }
}
