import EventLedger

extension AnimalsDomain {
    /// Folds a category or animal event into the `animal-category` read model. Total:
    /// events about entities that are unknown or deleted change nothing, and animals may
    /// name categories that do not exist yet (imports).
    public func apply(_ event: AnimalsEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        let changes = AnimalsChanges(readModel: readModel, context: context)
        switch event {
        case .categoryCreated(let created):
            try changes.setCategory(created.categoryId, name: created.name)
        case .categoryRenamed(let renamed):
            guard try readModel.liveRow(AnimalsTables.categories, renamed.categoryId) != nil else { return }
            try changes.setCategory(renamed.categoryId, name: renamed.name)
        case .categoryDeleted(let deleted):
            try changes.deleteCategory(deleted.categoryId) { $0.isDeleted = true }
        case .animalAdded(let added):
            try changes.setAnimal(added.animalId, name: added.name, diet: added.diet, categoryId: added.categoryId)
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
            guard let name = restored.name else {
                return try changes.deleteCategory(restored.categoryId) { $0.categoryId = nil }
            }
            try changes.setCategory(restored.categoryId, name: name)
        case .animalRestored(let restored):
            guard let name = restored.name, let diet = restored.diet else {
                return try changes.updateAnimal(restored.animalId) { $0.isDeleted = true }
            }
            try changes.setAnimal(restored.animalId, name: name, diet: diet, categoryId: restored.categoryId)
        }
    }
}

/// Changes the category and animal rows; the declared indexes follow them. No animal
/// names a deleted category.
struct AnimalsChanges {
    /// The read model being changed.
    let readModel: ReadModelWriter
    /// The event being folded.
    let context: EventContext

    /// Makes the category live with `name`; the name index refuses a name another live
    /// category holds.
    func setCategory(_ categoryId: String, name: String) throws(LedgerError) {
        try readModel.set(AnimalsTables.categories, categoryId, CategoryRecord(name: name))
    }

    /// Deletes the live category and applies `change` to each live animal in it, linking
    /// the event to that animal's stream.
    func deleteCategory(_ categoryId: String, members change: (inout AnimalRecord) -> Void) throws(LedgerError) {
        guard let category = try readModel.liveRow(AnimalsTables.categories, categoryId) else { return }
        try readModel.set(AnimalsTables.categories, categoryId, CategoryRecord(name: category.name, isDeleted: true))
        for member in try readModel.rows(AnimalsTables.animals, index: AnimalsTables.animalsByCategory, .prefix(categoryId)) {
            try updateAnimal(member.key, change)
            try context.link(stream: AnimalsStreams.animal(member.key))
        }
    }

    /// Makes the animal live with `name`, `diet` and `categoryId`, unless that category is deleted.
    func setAnimal(_ animalId: String, name: String, diet: Diet, categoryId: String?) throws(LedgerError) {
        let animal = AnimalRecord(name: name, diet: diet, categoryId: try reference(to: categoryId))
        try readModel.set(AnimalsTables.animals, animalId, animal)
    }

    /// Applies `change` to a live animal.
    func updateAnimal(_ animalId: String, _ change: (inout AnimalRecord) -> Void) throws(LedgerError) {
        guard var animal = try readModel.liveRow(AnimalsTables.animals, animalId) else { return }
        change(&animal)
        try readModel.set(AnimalsTables.animals, animalId, animal)
    }

    /// An animal's reference to `categoryId`: none when that category is deleted (an
    /// import may name a category deleted earlier).
    func reference(to categoryId: String?) throws(LedgerError) -> String? {
        try readModel.reference(to: categoryId, in: AnimalsTables.categories).id
    }
}
