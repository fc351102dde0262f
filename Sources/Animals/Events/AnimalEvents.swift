import EventLedger

/// An animal is added, optionally in a category.
public struct AnimalAdded: EntityEvent, Equatable {
    /// The animal's stream, `animal-⟨animalId⟩`; left out, the ledger assigns `animalId` a UUID.
    public static let entity = EventEntity(AnimalsTables.animals, id: \Self.animalId), createdEntityField: String? = "animalId"
    /// The new animal's id.
    @ID public var animalId: String
    /// The animal's name.
    @Name public var name: String
    /// What the animal eats.
    public var diet: Diet
    /// The animal's category, or nil for none (left out of the payload).
    @OptionalID public var categoryId: String?

    /// An `AnimalAdded` event.
    public init(animalId: String, name: String, diet: Diet, categoryId: String? = nil) {
        (self.animalId, self.name, self.diet, self.categoryId) = (animalId, name, diet, categoryId)
    }
}

/// An existing animal gets a new name.
public struct AnimalRenamed: EntityEvent, Equatable {
    /// The animal's stream, `animal-⟨animalId⟩`; the animal must be live.
    public static let entity = EventEntity(AnimalsTables.animals, id: \Self.animalId, requires: .live)
    /// The animal's id.
    @ID public var animalId: String
    /// The new name.
    @Name public var name: String
    /// An `AnimalRenamed` event.
    public init(animalId: String, name: String) { (self.animalId, self.name) = (animalId, name) }
}

/// An existing animal's diet changes.
public struct AnimalDietChanged: EntityEvent, Equatable {
    /// The animal's stream, `animal-⟨animalId⟩`; the animal must be live.
    public static let entity = EventEntity(AnimalsTables.animals, id: \Self.animalId, requires: .live)
    /// The animal's id.
    @ID public var animalId: String
    /// The new diet.
    public var diet: Diet
    /// An `AnimalDietChanged` event.
    public init(animalId: String, diet: Diet) { (self.animalId, self.diet) = (animalId, diet) }
}

/// An existing animal moves to another category, or to none.
public struct AnimalRecategorized: EntityEvent, Equatable {
    /// The animal's stream, `animal-⟨animalId⟩`; the animal must be live.
    public static let entity = EventEntity(AnimalsTables.animals, id: \Self.animalId, requires: .live)
    /// The animal's id.
    @ID public var animalId: String
    /// The new category, or nil for none (left out of the payload).
    @OptionalID public var categoryId: String?
    /// An `AnimalRecategorized` event.
    public init(animalId: String, categoryId: String? = nil) { (self.animalId, self.categoryId) = (animalId, categoryId) }
}

/// An animal is removed.
public struct AnimalRemoved: EntityEvent, Equatable {
    /// The animal's stream, `animal-⟨animalId⟩`; the animal must be live.
    public static let entity = EventEntity(AnimalsTables.animals, id: \Self.animalId, requires: .live)
    /// The animal's id.
    @ID public var animalId: String
    /// An `AnimalRemoved` event.
    public init(animalId: String) { self.animalId = animalId }
}
