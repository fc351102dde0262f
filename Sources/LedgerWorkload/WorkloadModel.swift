import EventLedger

/// What the generator knows of the ledger it feeds, mirroring the domains' rules: which
/// artists, songs, categories, animals and favourites are live, the live category
/// names (compared ignoring case, as the ledger compares them), and which animals each
/// category would take with it when deleted. Nothing iterates a `Set` or `Dictionary`,
/// whose order differs between runs: the stream depends on the seed alone. Deleted ids move
/// from the live pools to the deleted ones, from which a restore brings them back; created
/// ids are never reused, because the generator derives them from the event sequence.
struct WorkloadModel {
    var artists = LivePool()
    var songs = LivePool()
    var categories = LivePool()
    var animals = LivePool()
    var favourites = LivePool()
    /// Deleted artists: a restore may bring them back.
    private(set) var deletedArtists = LivePool()
    /// Deleted songs: a restore may bring them back.
    private(set) var deletedSongs = LivePool()
    /// Deleted categories: a restore may bring them back, without their animals.
    private(set) var deletedCategories = LivePool()
    /// Removed animals, by themselves or with their category: a restore may bring them back.
    private(set) var deletedAnimals = LivePool()
    /// Dishes that were favourites and are not any more: they may be favourited again.
    var formerFavourites = LivePool()
    /// The names of deleted categories, free to be taken again unless a live category has since.
    private(set) var retiredCategoryNames: [String] = []
    private var artistNames: [String: String] = [:]
    private var categoryNames: [String: String] = [:]
    private var categoryNameHolders: [String: String] = [:]
    private var animalCategories: [String: String] = [:]
    private var categoryAnimals: [String: LivePool] = [:]

    /// The key under which the ledger compares category names: names equal ignoring case.
    static func nameKey(_ name: String) -> String { NameOrder.key(name) }

    /// The name of the live artist `artistId`.
    func artistName(_ artistId: String) -> String? { artists.contains(artistId) ? artistNames[artistId] : nil }

    /// Makes the artist live with `name`: created, renamed or restored.
    mutating func nameArtist(_ artistId: String, _ name: String) {
        deletedArtists.remove(artistId)
        artists.insert(artistId)
        artistNames[artistId] = name
    }

    /// Deletes the artist; its songs stay.
    mutating func deleteArtist(_ artistId: String) {
        artists.remove(artistId)
        deletedArtists.insert(artistId)
    }

    /// Deletes the song.
    mutating func deleteSong(_ songId: String) {
        songs.remove(songId)
        deletedSongs.insert(songId)
    }

    /// Makes the song live again, or keeps it live.
    mutating func restoreSong(_ songId: String) {
        deletedSongs.remove(songId)
        songs.insert(songId)
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
        deletedCategories.remove(categoryId)
        categories.insert(categoryId)
        categoryNames[categoryId] = name
        categoryNameHolders[Self.nameKey(name)] = categoryId
    }

    /// Deletes the category and, as the ledger does, every animal in it.
    mutating func deleteCategory(_ categoryId: String) {
        guard let name = categoryNames.removeValue(forKey: categoryId) else { return }
        categories.remove(categoryId)
        deletedCategories.insert(categoryId)
        categoryNameHolders[Self.nameKey(name)] = nil
        retiredCategoryNames.append(name)
        for animalId in categoryAnimals.removeValue(forKey: categoryId)?.ids ?? [] {
            animals.remove(animalId)
            deletedAnimals.insert(animalId)
            animalCategories[animalId] = nil
        }
    }

    /// Adds or restores the animal, or moves a live one, to `categoryId` (nil: no category).
    mutating func placeAnimal(_ animalId: String, in categoryId: String?) {
        deletedAnimals.remove(animalId)
        animals.insert(animalId)
        if let old = animalCategories.removeValue(forKey: animalId) { categoryAnimals[old]?.remove(animalId) }
        guard let categoryId else { return }
        animalCategories[animalId] = categoryId
        categoryAnimals[categoryId, default: LivePool()].insert(animalId)
    }

    mutating func removeAnimal(_ animalId: String) {
        animals.remove(animalId)
        deletedAnimals.insert(animalId)
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
