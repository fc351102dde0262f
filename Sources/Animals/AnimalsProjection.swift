import EventLedger

extension AnimalsDomain {
    /// Folds a category or animal event into the `animal-category` read model. Total:
    /// events about entities that are unknown or deleted change nothing, and animals may
    /// name categories that do not exist yet (imports).
    public func apply(_ event: any DomainEvent, context: ProjectionContext, to state: any ProjectionWriter) throws {
        let projector = AnimalsProjector(state: state)
        switch event {
        case let created as CategoryCreated:
            try projector.createCategory(created.categoryId, name: created.name)
        case let renamed as CategoryRenamed:
            try projector.renameCategory(renamed.categoryId, to: renamed.name)
        case let deleted as CategoryDeleted:
            try projector.deleteCategory(deleted.categoryId, context: context)
        case let added as AnimalAdded:
            try projector.addAnimal(added.animalId, name: added.name, diet: added.diet, categoryId: added.categoryId)
        case let renamed as AnimalRenamed:
            try projector.updateAnimal(renamed.animalId) { $0.name = renamed.name }
        case let changed as AnimalDietChanged:
            try projector.updateAnimal(changed.animalId) { $0.diet = changed.diet }
        case let recategorized as AnimalRecategorized:
            let categoryId = try projector.reference(to: recategorized.categoryId)
            try projector.updateAnimal(recategorized.animalId) { $0.categoryId = categoryId }
        case let removed as AnimalRemoved:
            try projector.updateAnimal(removed.animalId) { $0.isDeleted = true }
        default:
            break
        }
    }
}

/// Changes the animal tables, keeping every index in step with `categories` and `animals`.
///
/// Invariants: a live category holds its name in `categoryNames`; a live animal is in
/// `animalsByName`; in `categoryAnimals` when it names a category that is live or not yet
/// known; counted in its category's `categoriesByName` row when that category is live,
/// and in `uncategorizedAnimals` otherwise. No animal names a deleted category.
struct AnimalsProjector {
    let state: any ProjectionWriter

    private var animals: AnimalsState { AnimalsState(reader: state) }

    func createCategory(_ categoryId: String, name: String) throws {
        // Animals imported before their category stop being uncategorized and count for it.
        let members = try state.rows(AnimalsTables.categoryAnimals, prefix: StateKey(categoryId))
        for member in members {
            let (nameOrder, animalId) = (member.key.component(1), member.key.component(2))
            try state.remove(AnimalsTables.uncategorizedAnimals, StateKey(nameOrder, animalId))
        }
        try state.set(AnimalsTables.categories, StateKey(categoryId), CategoryRecord(name: name).row)
        try state.set(AnimalsTables.categoryNames, AnimalsTables.nameKey(name), [categoryId])
        try state.set(AnimalsTables.categoriesByName, AnimalsTables.nameOrderKey(name, categoryId), [name, String(members.count)])
    }

    func renameCategory(_ categoryId: String, to name: String) throws {
        guard let category = try animals.liveCategory(categoryId) else { return }
        let oldKey = AnimalsTables.nameOrderKey(category.name, categoryId)
        let count = try AnimalsTables.animalCount(state.row(AnimalsTables.categoriesByName, oldKey))
        try state.remove(AnimalsTables.categoriesByName, oldKey)
        try state.set(AnimalsTables.categoriesByName, AnimalsTables.nameOrderKey(name, categoryId), [name, String(count)])
        try releaseName(category.name, of: categoryId)
        try state.set(AnimalsTables.categoryNames, AnimalsTables.nameKey(name), [categoryId])
        try state.set(AnimalsTables.categories, StateKey(categoryId), CategoryRecord(name: name).row)
    }

    /// Deletes the category and, with it, every animal in it; the event is linked to
    /// each deleted animal's stream.
    func deleteCategory(_ categoryId: String, context: ProjectionContext) throws {
        guard let category = try animals.liveCategory(categoryId) else { return }
        try state.remove(AnimalsTables.categoriesByName, AnimalsTables.nameOrderKey(category.name, categoryId))
        try releaseName(category.name, of: categoryId)
        try state.set(AnimalsTables.categories, StateKey(categoryId), CategoryRecord(name: category.name, isDeleted: true).row)
        for member in try state.rows(AnimalsTables.categoryAnimals, prefix: StateKey(categoryId)) {
            let animalId = member.key.component(2)
            try updateAnimal(animalId) { $0.isDeleted = true }
            try context.link(stream: AnimalsStreams.animal(animalId))
        }
    }

    func addAnimal(_ animalId: String, name: String, diet: Diet, categoryId: String?) throws {
        let animal = AnimalRecord(name: name, diet: diet, categoryId: try reference(to: categoryId))
        try index(animalId, animal)
        try state.set(AnimalsTables.animals, StateKey(animalId), animal.row)
    }

    /// Changes a live animal and moves it in the indexes; a deleted animal leaves them.
    /// Animal counts change only when the animal leaves its category (moved or deleted).
    func updateAnimal(_ animalId: String, _ change: (inout AnimalRecord) -> Void) throws {
        guard let old = try animals.liveAnimal(animalId) else { return }
        var new = old
        change(&new)
        let leavesCategory = new.isDeleted || new.categoryId != old.categoryId
        try unindex(animalId, old, counting: leavesCategory)
        if !new.isDeleted { try index(animalId, new, counting: leavesCategory) }
        try state.set(AnimalsTables.animals, StateKey(animalId), new.row)
    }

    /// An animal's reference to `categoryId`: none when that category is deleted (an
    /// import may name a category deleted earlier).
    func reference(to categoryId: String?) throws -> String? {
        guard let categoryId, try animals.category(categoryId)?.isDeleted != true else { return nil }
        return categoryId
    }

    /// Frees `name` in `categoryNames` when `categoryId` holds it.
    private func releaseName(_ name: String, of categoryId: String) throws {
        if try animals.categoryHolding(name: name) == categoryId {
            try state.remove(AnimalsTables.categoryNames, AnimalsTables.nameKey(name))
        }
    }

    /// Adds the animal to the indexes; with `counting`, to its live category's animal count.
    private func index(_ animalId: String, _ animal: AnimalRecord, counting: Bool = true) throws {
        let nameKey = AnimalsTables.nameOrderKey(animal.name, animalId)
        let fields = [animal.name, animal.diet.rawValue, AnimalsTables.categoryField(animal.categoryId)]
        try state.set(AnimalsTables.animalsByName, nameKey, fields)
        if let categoryId = animal.categoryId {
            let memberKey = AnimalsTables.categoryAnimalKey(categoryId, animal.name, animalId)
            try state.set(AnimalsTables.categoryAnimals, memberKey, [animal.name, animal.diet.rawValue])
            if try adjustAnimalCount(of: categoryId, by: counting ? 1 : 0) { return }
        }
        try state.set(AnimalsTables.uncategorizedAnimals, nameKey, fields)
    }

    /// Removes the animal from the indexes; with `counting`, from its live category's animal count.
    private func unindex(_ animalId: String, _ animal: AnimalRecord, counting: Bool) throws {
        let nameKey = AnimalsTables.nameOrderKey(animal.name, animalId)
        try state.remove(AnimalsTables.animalsByName, nameKey)
        try state.remove(AnimalsTables.uncategorizedAnimals, nameKey)
        if let categoryId = animal.categoryId {
            try state.remove(AnimalsTables.categoryAnimals, AnimalsTables.categoryAnimalKey(categoryId, animal.name, animalId))
            if counting { try adjustAnimalCount(of: categoryId, by: -1) }
        }
    }

    /// Adds `delta` (when not 0) to the animal count of `categoryId` when that category is
    /// live; returns whether it is.
    @discardableResult
    private func adjustAnimalCount(of categoryId: String, by delta: Int) throws -> Bool {
        guard let category = try animals.liveCategory(categoryId) else { return false }
        guard delta != 0 else { return true }
        let key = AnimalsTables.nameOrderKey(category.name, categoryId)
        let count = try AnimalsTables.animalCount(state.row(AnimalsTables.categoriesByName, key))
        try state.set(AnimalsTables.categoriesByName, key, [category.name, String(count + delta)])
        return true
    }
}
