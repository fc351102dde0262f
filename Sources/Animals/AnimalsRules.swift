import EventLedger

extension AnimalsDomain {
    /// Checks the rules for categories and animals: edits need a live entity, restores one
    /// that exists (deleted or not), category names are unique among live categories
    /// ignoring case (in every mode), and an animal's category must be live (on strict
    /// appends; imports accept unknown ones).
    public func check(_ event: AnimalsEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        switch event {
        case .categoryCreated(let created):
            try readModel.requireUniqueName(created.name, for: created.categoryId)
        case .categoryRenamed(let renamed):
            try readModel.requireLiveCategory(renamed.categoryId)
            try readModel.requireUniqueName(renamed.name, for: renamed.categoryId)
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
            if let name = restored.name { try readModel.requireUniqueName(name, for: restored.categoryId) }
        case .animalRestored(let restored):
            try readModel.requireKnown(AnimalsTables.animals, restored.animalId, kind: "animal", stream: restored.stream)
            if mode == .strict, restored.name != nil, let categoryId = restored.categoryId {
                try readModel.requireLiveCategory(categoryId)
            }
        }
    }
}

private extension ReadModelReader {
    /// Throws "`kind` must exist" unless the entity has existed: a restore may bring back a
    /// deleted entity, but never creates one.
    func requireKnown<Row: EntityRow>(_ table: ReadModelTable<String, Row>, _ id: String, kind: String,
                                      stream: String) throws(LedgerError) {
        guard try row(table, id) != nil else { throw LedgerError.rule("\(kind) must exist", entity: stream) }
    }

    /// Throws "category must exist" or "category must not be deleted" unless `categoryId` is live.
    func requireLiveCategory(_ categoryId: String) throws(LedgerError) {
        try requireLive(AnimalsTables.categories, categoryId, kind: "category", stream: AnimalsStreams.category(categoryId))
    }

    /// Throws "animal must exist" or "animal must not be deleted" unless `animalId` is live.
    func requireLiveAnimal(_ animalId: String) throws(LedgerError) {
        try requireLive(AnimalsTables.animals, animalId, kind: "animal", stream: AnimalsStreams.animal(animalId))
    }

    /// Throws unless no other live category holds `name`, ignoring case.
    func requireUniqueName(_ name: String, for categoryId: String) throws(LedgerError) {
        guard let holder = try categoryHolding(name: name), holder != categoryId else { return }
        let heldName = try row(AnimalsTables.categories, holder)?.name ?? name
        throw LedgerError.rule(
            "category name must be unique",
            entity: "\(AnimalsStreams.category(categoryId)) (\"\(heldName)\" is taken by \(AnimalsStreams.category(holder)))")
    }
}
