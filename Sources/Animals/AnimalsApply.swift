import EventLedger

extension AnimalsDomain {
    /// Folds a category or animal event into the `animal-category` read model. Total:
    /// events about entities that are unknown or deleted change nothing, and animals may
    /// name categories that do not exist yet (imports).
    public func apply(_ event: AnimalsEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        let changes = AnimalsChanges(readModel: readModel, context: context)
        switch event {
        case .categoryCreated(let created):
            try readModel.set(AnimalsTables.categories, created.categoryId, CategoryRecord(name: created.name))
        case .categoryRenamed(let renamed):
            try readModel.updateLive(AnimalsTables.categories, renamed.categoryId) { $0.name = renamed.name }
        case .categoryDeleted(let deleted):
            try changes.deleteCategory(deleted.categoryId) { $0.isDeleted = true }
        case .animalAdded(let added):
            try changes.setAnimal(added.animalId, name: added.name, diet: added.diet, categoryId: added.categoryId)
        case .animalRenamed(let renamed):
            try readModel.updateLive(AnimalsTables.animals, renamed.animalId) { $0.name = renamed.name }
        case .animalDietChanged(let changed):
            try readModel.updateLive(AnimalsTables.animals, changed.animalId) { $0.diet = changed.diet }
        case .animalRecategorized(let recategorized):
            let categoryId = try changes.reference(to: recategorized.categoryId)
            try readModel.updateLive(AnimalsTables.animals, recategorized.animalId) { $0.categoryId = categoryId }
        case .animalRemoved(let removed):
            try readModel.updateLive(AnimalsTables.animals, removed.animalId) { $0.isDeleted = true }
        case .categoryRestored(let restored):
            guard let name = restored.name else {
                return try changes.deleteCategory(restored.categoryId) { $0.categoryId = nil }
            }
            try readModel.set(AnimalsTables.categories, restored.categoryId, CategoryRecord(name: name))
        case .animalRestored(let restored):
            guard let name = restored.name, let diet = restored.diet else {
                try readModel.updateLive(AnimalsTables.animals, restored.animalId) { $0.isDeleted = true }
                return
            }
            try changes.setAnimal(restored.animalId, name: name, diet: diet, categoryId: restored.categoryId)
        }
    }
}

/// The changes to categories and animals that take more than one row; the declared indexes
/// follow them (the name index refuses a category name another live category holds). No
/// animal names a deleted category.
struct AnimalsChanges {
    /// The read model being changed.
    let readModel: ReadModelWriter
    /// The event being folded.
    let context: EventContext

    /// Deletes the live category and applies `change` to each live animal in it, linking
    /// the event to that animal's stream.
    func deleteCategory(_ categoryId: String, members change: (inout AnimalRecord) -> Void) throws(LedgerError) {
        guard try readModel.updateLive(AnimalsTables.categories, categoryId, { $0.isDeleted = true }) else { return }
        try readModel.updateMembers(of: categoryId, in: AnimalsTables.animals, listedBy: AnimalsTables.animalsByCategory, linking: context, change)
    }

    /// Makes the animal live with `name`, `diet` and `categoryId`, unless that category is deleted.
    func setAnimal(_ animalId: String, name: String, diet: Diet, categoryId: String?) throws(LedgerError) {
        let animal = AnimalRecord(name: name, diet: diet, categoryId: try reference(to: categoryId))
        try readModel.set(AnimalsTables.animals, animalId, animal)
    }

    /// An animal's reference to `categoryId`: none when that category is deleted (an
    /// import may name a category deleted earlier).
    func reference(to categoryId: String?) throws(LedgerError) -> String? {
        try readModel.reference(to: categoryId, in: AnimalsTables.categories).id
    }
}
