import EventLedger

extension AnimalsDomain {
    /// Checks the rules for categories and animals: edits need a live entity,
    /// category names are unique among live categories ignoring case (in every mode), and
    /// an animal's category must be live (on strict appends; imports accept unknown ones).
    public func check(_ event: any DomainEvent, against state: any ProjectionReader, mode: RuleMode) throws {
        let animals = AnimalsState(reader: state)
        switch event {
        case let created as CategoryCreated:
            try animals.requireUniqueName(created.name, for: created.categoryId)
        case let renamed as CategoryRenamed:
            try animals.requireLiveCategory(renamed.categoryId)
            try animals.requireUniqueName(renamed.name, for: renamed.categoryId)
        case let deleted as CategoryDeleted:
            try animals.requireLiveCategory(deleted.categoryId)
        case let added as AnimalAdded:
            if mode == .strict, let categoryId = added.categoryId { try animals.requireLiveCategory(categoryId) }
        case let renamed as AnimalRenamed:
            try animals.requireLiveAnimal(renamed.animalId)
        case let changed as AnimalDietChanged:
            try animals.requireLiveAnimal(changed.animalId)
        case let recategorized as AnimalRecategorized:
            try animals.requireLiveAnimal(recategorized.animalId)
            if mode == .strict, let categoryId = recategorized.categoryId { try animals.requireLiveCategory(categoryId) }
        case let removed as AnimalRemoved:
            try animals.requireLiveAnimal(removed.animalId)
        default:
            break
        }
    }
}

private extension AnimalsState {
    func requireLiveCategory(_ categoryId: String) throws {
        try requireLive(category(categoryId)?.isDeleted, kind: "category", stream: AnimalsStreams.category(categoryId))
    }

    func requireLiveAnimal(_ animalId: String) throws {
        try requireLive(animal(animalId)?.isDeleted, kind: "animal", stream: AnimalsStreams.animal(animalId))
    }

    /// Throws "⟨kind⟩ must exist" when `isDeleted` is nil, "⟨kind⟩ must not be deleted" when true.
    func requireLive(_ isDeleted: Bool?, kind: String, stream: String) throws {
        guard let isDeleted else { throw LedgerError.rule("\(kind) must exist", entity: stream) }
        guard !isDeleted else { throw LedgerError.rule("\(kind) must not be deleted", entity: stream) }
    }

    /// Throws unless no other live category holds `name`, ignoring case.
    func requireUniqueName(_ name: String, for categoryId: String) throws {
        guard let holder = try categoryHolding(name: name), holder != categoryId else { return }
        let heldName = try category(holder)?.name ?? name
        throw LedgerError.rule(
            "category name must be unique",
            entity: "\(AnimalsStreams.category(categoryId)) (\"\(heldName)\" is taken by \(AnimalsStreams.category(holder)))")
    }
}
