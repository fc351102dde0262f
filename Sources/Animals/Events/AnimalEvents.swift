import EventLedger

/// An animal is added, optionally in a category.
public struct AnimalAdded: DomainEvent, Equatable {
    /// The ledger assigns `animalId` when it is left out.
    public static let createdEntityField: String? = "animalId"

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
        self.animalId = animalId
        self.name = name
        self.diet = diet
        self.categoryId = categoryId
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }
}

/// An existing animal gets a new name.
public struct AnimalRenamed: DomainEvent, Equatable {
    /// The animal's id.
    @ID public var animalId: String
    /// The new name.
    @Name public var name: String

    /// An `AnimalRenamed` event.
    public init(animalId: String, name: String) {
        self.animalId = animalId
        self.name = name
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }
}

/// An existing animal's diet changes.
public struct AnimalDietChanged: DomainEvent, Equatable {
    /// The animal's id.
    @ID public var animalId: String
    /// The new diet.
    public var diet: Diet

    /// An `AnimalDietChanged` event.
    public init(animalId: String, diet: Diet) {
        self.animalId = animalId
        self.diet = diet
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }
}

/// An existing animal moves to another category, or to none.
public struct AnimalRecategorized: DomainEvent, Equatable {
    /// The animal's id.
    @ID public var animalId: String
    /// The new category, or nil for none (left out of the payload).
    @OptionalID public var categoryId: String?

    /// An `AnimalRecategorized` event.
    public init(animalId: String, categoryId: String? = nil) {
        self.animalId = animalId
        self.categoryId = categoryId
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }
}

/// An animal is removed.
public struct AnimalRemoved: DomainEvent, Equatable {
    /// The animal's id.
    @ID public var animalId: String

    /// An `AnimalRemoved` event.
    public init(animalId: String) {
        self.animalId = animalId
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }
}
