import EventLedger

extension AnimalsDomain {
    /// Folds a category or animal event into the `animal-category` read model. Total:
    /// events about entities that are unknown or deleted change nothing, and animals may
    /// name categories that do not exist yet (imports).
    public func apply(_ event: AnimalsEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        let changes = AnimalsChanges(readModel: readModel)
        switch event {
        case .categoryCreated(let created):
            try changes.createCategory(created.categoryId, name: created.name)
        case .categoryRenamed(let renamed):
            try changes.renameCategory(renamed.categoryId, to: renamed.name)
        case .categoryDeleted(let deleted):
            try changes.deleteCategory(deleted.categoryId, context: context)
        case .animalAdded(let added):
            try changes.addAnimal(added.animalId, name: added.name, diet: added.diet, categoryId: added.categoryId)
        case .animalRenamed(let renamed):
            try changes.updateAnimal(renamed.animalId) { $0.name = renamed.name }
        case .animalDietChanged(let changed):
            try changes.updateAnimal(changed.animalId) { $0.diet = changed.diet }
        case .animalRecategorized(let recategorized):
            let categoryId = try changes.reference(to: recategorized.categoryId)
            try changes.updateAnimal(recategorized.animalId) { $0.categoryId = categoryId }
        case .animalRemoved(let removed):
            try changes.updateAnimal(removed.animalId) { $0.isDeleted = true }
        case .categoryRestored(let restored):
            try changes.restoreCategory(restored.categoryId, name: restored.name, context: context)
        case .animalRestored(let restored):
            try changes.restoreAnimal(
                restored.animalId, name: restored.name, diet: restored.diet,
                categoryId: restored.categoryId)
        }
    }
}

/// Changes the animal tables, keeping every index in step with `categories` and `animals`.
///
/// Invariants: a live category holds its name in `categoryNames`; a live animal is in
/// `animalsByName`; in `categoryAnimals` when it names a category that is live or not yet
/// known; counted in its category's `categoriesByName` row when that category is live,
/// and in `uncategorizedAnimals` otherwise. No animal names a deleted category.
struct AnimalsChanges {
    /// The read model being changed.
    let readModel: ReadModelWriter

    /// Creates the category; animals imported before it join it.
    func createCategory(_ categoryId: String, name: String) throws(LedgerError) {
        // Animals imported before their category stop being uncategorized and count for it.
        let members = try readModel.rows(AnimalsTables.categoryAnimals, prefix: categoryId)
        for member in members {
            try readModel.remove(AnimalsTables.uncategorizedAnimals, NameOrderKey(name: member.row.name, id: member.key.animalId))
        }
        try readModel.set(AnimalsTables.categories, categoryId, CategoryRecord(name: name))
        try holdName(name, by: categoryId)
        try readModel.set(
            AnimalsTables.categoriesByName, NameOrderKey(name: name, id: categoryId),
            CategoryListing(name: name, animalCount: members.count))
    }

    /// Renames a live category, moving it in the name indexes with its animal count.
    func renameCategory(_ categoryId: String, to name: String) throws(LedgerError) {
        guard let category = try readModel.liveRow(AnimalsTables.categories, categoryId) else { return }
        let oldKey = NameOrderKey(name: category.name, id: categoryId)
        let count = try listing(at: oldKey).animalCount
        try readModel.remove(AnimalsTables.categoriesByName, oldKey)
        try readModel.set(AnimalsTables.categoriesByName, NameOrderKey(name: name, id: categoryId), CategoryListing(name: name, animalCount: count))
        try releaseName(category.name, of: categoryId)
        try holdName(name, by: categoryId)
        try readModel.set(AnimalsTables.categories, categoryId, CategoryRecord(name: name))
    }

    /// Deletes the category and, with it, every animal in it; the event is linked to
    /// each deleted animal's stream.
    func deleteCategory(_ categoryId: String, context: EventContext) throws(LedgerError) {
        try removeCategory(categoryId, context: context) { $0.isDeleted = true }
    }

    /// Makes the category live with `name` (renamed when live, brought back when deleted or
    /// unknown), or, when `name` is nil, deletes it without its animals: they stay, without
    /// a category, and the event is linked to their streams.
    func restoreCategory(_ categoryId: String, name: String?, context: EventContext) throws(LedgerError) {
        guard let name else { return try removeCategory(categoryId, context: context) { $0.categoryId = nil } }
        if try readModel.liveRow(AnimalsTables.categories, categoryId) != nil {
            try renameCategory(categoryId, to: name)
        } else {
            try createCategory(categoryId, name: name)
        }
    }

    /// Makes the animal live with `name`, `diet` and `categoryId` (changed in place when live,
    /// added again when deleted or unknown), or removes it when `name` or `diet` is nil.
    func restoreAnimal(_ animalId: String, name: String?, diet: Diet?, categoryId: String?) throws(LedgerError) {
        guard let name, let diet else { return try updateAnimal(animalId) { $0.isDeleted = true } }
        guard try readModel.liveRow(AnimalsTables.animals, animalId) != nil else {
            return try addAnimal(animalId, name: name, diet: diet, categoryId: categoryId)
        }
        let categoryId = try reference(to: categoryId)
        try updateAnimal(animalId) { animal in
            animal.name = name
            animal.diet = diet
            animal.categoryId = categoryId
        }
    }

    /// Deletes the live category and applies `change` to each animal in it, linking the
    /// event to that animal's stream.
    private func removeCategory(
        _ categoryId: String, context: EventContext,
        members change: (inout AnimalRecord) -> Void
    ) throws(LedgerError) {
        guard let category = try readModel.liveRow(AnimalsTables.categories, categoryId) else { return }
        try readModel.remove(AnimalsTables.categoriesByName, NameOrderKey(name: category.name, id: categoryId))
        try releaseName(category.name, of: categoryId)
        try readModel.set(AnimalsTables.categories, categoryId, CategoryRecord(name: category.name, isDeleted: true))
        for member in try readModel.rows(AnimalsTables.categoryAnimals, prefix: categoryId) {
            let animalId = member.key.animalId
            try updateAnimal(animalId, change)
            try context.link(stream: AnimalsStreams.animal(animalId))
        }
    }

    /// Adds the animal, in its category unless that one is deleted.
    func addAnimal(_ animalId: String, name: String, diet: Diet, categoryId: String?) throws(LedgerError) {
        let category = try readModel.reference(to: categoryId, in: AnimalsTables.categories)
        let animal = AnimalRecord(name: name, diet: diet, categoryId: category.id)
        try index(animalId, animal, listedAt: listingKey(of: category), counting: true)
        try readModel.set(AnimalsTables.animals, animalId, animal)
    }

    /// Changes a live animal and moves it in the indexes; a deleted animal leaves them.
    /// Animal counts change only when the animal leaves its category (moved or deleted).
    func updateAnimal(_ animalId: String, _ change: (inout AnimalRecord) -> Void) throws(LedgerError) {
        guard let old = try readModel.liveRow(AnimalsTables.animals, animalId) else { return }
        var new = old
        change(&new)
        let leavesCategory = new.isDeleted || new.categoryId != old.categoryId
        let oldListing = listingKey(of: try readModel.reference(to: old.categoryId, in: AnimalsTables.categories))
        try unindex(animalId, old, listedAt: oldListing, counting: leavesCategory)
        if !new.isDeleted {
            let newListing =
                new.categoryId == old.categoryId
                ? oldListing : listingKey(of: try readModel.reference(to: new.categoryId, in: AnimalsTables.categories))
            try index(animalId, new, listedAt: newListing, counting: leavesCategory)
        }
        try readModel.set(AnimalsTables.animals, animalId, new)
    }

    /// An animal's reference to `categoryId`: none when that category is deleted (an
    /// import may name a category deleted earlier).
    func reference(to categoryId: String?) throws(LedgerError) -> String? {
        try readModel.reference(to: categoryId, in: AnimalsTables.categories).id
    }

    /// The `categoriesByName` key of the category an animal names, when that category is live.
    private func listingKey(of category: EntityReference<CategoryRecord>) -> NameOrderKey? {
        guard let id = category.id, let row = category.liveRow else { return nil }
        return NameOrderKey(name: row.name, id: id)
    }

    /// Records in `categoryNames` that `categoryId` holds `name`.
    private func holdName(_ name: String, by categoryId: String) throws(LedgerError) {
        try readModel.set(AnimalsTables.categoryNames, NameOrder.key(name), NameHolder(categoryId: categoryId))
    }

    /// Frees `name` in `categoryNames` when `categoryId` holds it.
    private func releaseName(_ name: String, of categoryId: String) throws(LedgerError) {
        if try readModel.reader.categoryHolding(name: name) == categoryId {
            try readModel.remove(AnimalsTables.categoryNames, NameOrder.key(name))
        }
    }

    /// Adds the animal to the indexes: in its category when it names one, counted when that
    /// category is live (`listedAt` its listing) and `counting`, and in `uncategorizedAnimals` otherwise.
    private func index(_ animalId: String, _ animal: AnimalRecord, listedAt listingKey: NameOrderKey?, counting: Bool) throws(LedgerError) {
        let nameKey = NameOrderKey(name: animal.name, id: animalId)
        let listing = AnimalListing(name: animal.name, diet: animal.diet, categoryId: animal.categoryId)
        try readModel.set(AnimalsTables.animalsByName, nameKey, listing)
        if let categoryId = animal.categoryId {
            try readModel.set(
                AnimalsTables.categoryAnimals, CategoryAnimalKey(categoryId, animal.name, animalId),
                CategoryAnimalListing(name: animal.name, diet: animal.diet))
            if let listingKey {
                if counting { try adjustAnimalCount(at: listingKey, by: 1) }
                return
            }
        }
        try readModel.set(AnimalsTables.uncategorizedAnimals, nameKey, listing)
    }

    /// Removes the animal from the indexes, and with `counting` from the animal count of its
    /// live category (`listedAt` its listing); an animal in a live category is not in
    /// `uncategorizedAnimals`.
    private func unindex(_ animalId: String, _ animal: AnimalRecord, listedAt listingKey: NameOrderKey?, counting: Bool) throws(LedgerError) {
        let nameKey = NameOrderKey(name: animal.name, id: animalId)
        try readModel.remove(AnimalsTables.animalsByName, nameKey)
        if let categoryId = animal.categoryId {
            try readModel.remove(AnimalsTables.categoryAnimals, CategoryAnimalKey(categoryId, animal.name, animalId))
            if let listingKey {
                if counting { try adjustAnimalCount(at: listingKey, by: -1) }
                return
            }
        }
        try readModel.remove(AnimalsTables.uncategorizedAnimals, nameKey)
    }

    /// Adds `delta` to the animal count of the live category listed at `key`.
    private func adjustAnimalCount(at key: NameOrderKey, by delta: Int) throws(LedgerError) {
        var listing = try listing(at: key)
        listing.animalCount += delta
        try readModel.set(AnimalsTables.categoriesByName, key, listing)
    }

    /// The `categoriesByName` row of a live category, which must be there.
    private func listing(at key: NameOrderKey) throws(LedgerError) -> CategoryListing {
        guard let listing = try readModel.row(AnimalsTables.categoriesByName, key) else {
            throw LedgerError(.corruption, "read-model table \(AnimalsTables.categoriesByName.qualifiedName) lacks the row of a live category")
        }
        return listing
    }
}
