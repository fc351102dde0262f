import EventLedger

/// What the generator knows of the ledger it feeds, mirroring the domains' rules: which
/// artists, songs, categories, animals and favourites are live and which deleted, the live
/// category names (compared ignoring case, as the ledger compares them), and which animals
/// each category would take with it when deleted. Nothing iterates a `Set` or `Dictionary`,
/// whose order differs between runs: the stream depends on the seed alone. A restore brings
/// a deleted id back; created ids are never reused, because the generator derives them from
/// the event sequence.
struct WorkloadModel {
    /// Artists.
    private(set) var artists = EntityPools()
    /// Songs: the model keeps nothing else of them, so they are changed directly.
    var songs = EntityPools()
    /// Categories; deleted ones are restored without their animals.
    private(set) var categories = EntityPools()
    /// Animals, removed by themselves or with their category.
    private(set) var animals = EntityPools()
    /// Dishes that are favourites, and those that were (they may be favourited again),
    /// changed directly as songs are.
    var favourites = EntityPools()
    /// The names of deleted categories, free to be taken again unless a live category has since.
    private(set) var retiredCategoryNames: [String] = []
    private var artistNames: [String: String] = [:]
    private var categoryNames: [String: String] = [:]
    private var categoryNameHolders: [String: String] = [:]
    private var animalCategories: [String: String] = [:]
    private var categoryAnimals: [String: LivePool] = [:]

    /// The entities of `kind`.
    func entities(_ kind: WorkloadEntity) -> EntityPools {
        switch kind {
        case .artist: artists
        case .song: songs
        case .category: categories
        case .animal: animals
        case .favourite: favourites
        }
    }

    /// Deletes the entity `id` of `kind`, as the ledger does: an artist's songs stay, a
    /// category's animals go with it.
    mutating func delete(_ kind: WorkloadEntity, _ id: String) {
        switch kind {
        case .artist: artists.delete(id)
        case .song: songs.delete(id)
        case .category: deleteCategory(id)
        case .animal: removeAnimal(id)
        case .favourite: favourites.delete(id)
        }
    }

    /// The key under which the ledger compares category names: names equal ignoring case.
    static func nameKey(_ name: String) -> String { NameOrder.key(name) }

    /// The name of the live artist `artistId`.
    func artistName(_ artistId: String) -> String? { artists.live.contains(artistId) ? artistNames[artistId] : nil }

    /// Makes the artist live with `name`: created, renamed or restored.
    mutating func nameArtist(_ artistId: String, _ name: String) {
        artists.makeLive(artistId)
        artistNames[artistId] = name
    }

    /// The name of the live category `categoryId`.
    func categoryName(_ categoryId: String) -> String? { categoryNames[categoryId] }

    /// Whether `categoryId` (nil: a new category) may take `name`: no other live category holds it.
    func mayName(_ categoryId: String?, _ name: String) -> Bool {
        guard let holder = categoryNameHolders[Self.nameKey(name)] else { return true }
        return holder == categoryId
    }

    /// Makes the category live with `name`: created, renamed or restored.
    mutating func nameCategory(_ categoryId: String, _ name: String) {
        if let old = categoryNames[categoryId] { categoryNameHolders[Self.nameKey(old)] = nil }
        categories.makeLive(categoryId)
        categoryNames[categoryId] = name
        categoryNameHolders[Self.nameKey(name)] = categoryId
    }

    /// Deletes the category and, as the ledger does, every animal in it.
    private mutating func deleteCategory(_ categoryId: String) {
        guard let name = categoryNames.removeValue(forKey: categoryId) else { return }
        categories.delete(categoryId)
        categoryNameHolders[Self.nameKey(name)] = nil
        retiredCategoryNames.append(name)
        for animalId in categoryAnimals.removeValue(forKey: categoryId)?.ids ?? [] {
            animals.delete(animalId)
            animalCategories[animalId] = nil
        }
    }

    /// Adds or restores the animal, or moves a live one, to `categoryId` (nil: no category).
    mutating func placeAnimal(_ animalId: String, in categoryId: String?) {
        animals.makeLive(animalId)
        leaveCategory(animalId)
        guard let categoryId else { return }
        animalCategories[animalId] = categoryId
        categoryAnimals[categoryId, default: LivePool()].insert(animalId)
    }

    /// Removes the animal from the ledger and from its category.
    private mutating func removeAnimal(_ animalId: String) {
        animals.delete(animalId)
        leaveCategory(animalId)
    }

    private mutating func leaveCategory(_ animalId: String) {
        if let old = animalCategories.removeValue(forKey: animalId) { categoryAnimals[old]?.remove(animalId) }
    }
}
