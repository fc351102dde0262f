import EventLedger

extension AnimalsDomain {
    /// Checks the rules for categories and animals: edits need a live entity, restores one
    /// that exists (deleted or not), and an animal's category must be live (on strict
    /// appends; imports accept unknown ones). Category names unique among live categories
    /// ignoring case is the rule of their index (`AnimalsTables.categoriesByName`), in every mode.
    public func check(_ event: AnimalsEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .categoryCreated:
            break
        case .categoryRenamed(let renamed):
            try readModel.requireLiveCategory(renamed.categoryId)
        case .categoryDeleted(let deleted):
            try readModel.requireLiveCategory(deleted.categoryId)
        case .animalAdded(let added):
            if mode == .strict, let categoryId = added.categoryId { try readModel.requireLiveCategory(categoryId) }
        case .animalRenamed(let renamed):
            try readModel.requireLiveAnimal(renamed.animalId)
        case .animalDietChanged(let changed):
            try readModel.requireLiveAnimal(changed.animalId)
        case .animalRecategorized(let recategorized):
            try readModel.requireLiveAnimal(recategorized.animalId)
            if mode == .strict, let categoryId = recategorized.categoryId { try readModel.requireLiveCategory(categoryId) }
        case .animalRemoved(let removed):
            try readModel.requireLiveAnimal(removed.animalId)
        case .categoryRestored(let restored):
            try readModel.requireKnown(AnimalsTables.categories, restored.categoryId, kind: "category", stream: restored.stream)
        case .animalRestored(let restored):
            try readModel.requireKnown(AnimalsTables.animals, restored.animalId, kind: "animal", stream: restored.stream)
            if mode == .strict, restored.name != nil, let categoryId = restored.categoryId {
                try readModel.requireLiveCategory(categoryId)
            }
        }
    }
}

extension AnimalsDomain {
    /// Checks an animal's row undo restores: a live animal's category must be live, as on a
    /// strict append.
    @Sendable
    static func checkRestoring(animal animalId: String, _ animal: AnimalRecord?, in readModel: ReadModelReader) throws(LedgerError) {
        guard let animal, !animal.isDeleted, let categoryId = animal.categoryId else { return }
        try readModel.requireLiveCategory(categoryId)
    }
}

private extension ReadModelReader {
    /// Throws "category must exist" or "category must not be deleted" unless `categoryId` is live.
    func requireLiveCategory(_ categoryId: String) throws(LedgerError) {
        try requireLive(AnimalsTables.categories, categoryId, kind: "category")
    }

    /// Throws "animal must exist" or "animal must not be deleted" unless `animalId` is live.
    func requireLiveAnimal(_ animalId: String) throws(LedgerError) {
        try requireLive(AnimalsTables.animals, animalId, kind: "animal")
    }
}
