import EventLedger

/// An animal is added, optionally in a category.
public struct AnimalAdded: DomainEvent, Equatable {
    /// `AnimalAdded`.
    public static let typeName = "AnimalAdded"
    /// The ledger assigns `animalId` when it is left out.
    public static let createdEntityField: String? = "animalId"

    /// The new animal's id.
    public let animalId: String
    /// The animal's name.
    public let name: String
    /// What the animal eats.
    public let diet: Diet
    /// The animal's category, or nil for none.
    public let categoryId: String?

    /// An `AnimalAdded` event.
    public init(animalId: String, name: String, diet: Diet, categoryId: String? = nil) {
        self.animalId = animalId
        self.name = name
        self.diet = diet
        self.categoryId = categoryId
    }

    /// Decodes and validates a payload; `categoryId` may be absent or null.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["animalId", "name", "diet", "categoryId"])
        try self.init(animalId: reader.id("animalId"), name: reader.name("name"), diet: reader.diet("diet"),
                      categoryId: reader.optionalID("categoryId"))
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }

    /// `animalId`, `name`, `diet`, and `categoryId` when there is one.
    public var payload: [String: JSONValue] {
        var fields: [String: JSONValue] = ["animalId": .string(animalId), "name": .string(name),
                                           "diet": .string(diet.rawValue)]
        if let categoryId { fields["categoryId"] = .string(categoryId) }
        return fields
    }
}

/// An existing animal gets a new name.
public struct AnimalRenamed: DomainEvent, Equatable {
    /// `AnimalRenamed`.
    public static let typeName = "AnimalRenamed"

    /// The animal's id.
    public let animalId: String
    /// The new name.
    public let name: String

    /// An `AnimalRenamed` event.
    public init(animalId: String, name: String) {
        self.animalId = animalId
        self.name = name
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["animalId", "name"])
        try self.init(animalId: reader.id("animalId"), name: reader.name("name"))
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }

    /// `animalId` and `name`.
    public var payload: [String: JSONValue] { ["animalId": .string(animalId), "name": .string(name)] }
}

/// An existing animal's diet changes.
public struct AnimalDietChanged: DomainEvent, Equatable {
    /// `AnimalDietChanged`.
    public static let typeName = "AnimalDietChanged"

    /// The animal's id.
    public let animalId: String
    /// The new diet.
    public let diet: Diet

    /// An `AnimalDietChanged` event.
    public init(animalId: String, diet: Diet) {
        self.animalId = animalId
        self.diet = diet
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["animalId", "diet"])
        try self.init(animalId: reader.id("animalId"), diet: reader.diet("diet"))
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }

    /// `animalId` and `diet`.
    public var payload: [String: JSONValue] { ["animalId": .string(animalId), "diet": .string(diet.rawValue)] }
}

/// An existing animal moves to another category, or to none.
public struct AnimalRecategorized: DomainEvent, Equatable {
    /// `AnimalRecategorized`.
    public static let typeName = "AnimalRecategorized"

    /// The animal's id.
    public let animalId: String
    /// The new category, or nil for none.
    public let categoryId: String?

    /// An `AnimalRecategorized` event.
    public init(animalId: String, categoryId: String? = nil) {
        self.animalId = animalId
        self.categoryId = categoryId
    }

    /// Decodes and validates a payload; `categoryId` absent or null means no category.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["animalId", "categoryId"])
        try self.init(animalId: reader.id("animalId"), categoryId: reader.optionalID("categoryId"))
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }

    /// `animalId`, and `categoryId` when there is one.
    public var payload: [String: JSONValue] {
        var fields: [String: JSONValue] = ["animalId": .string(animalId)]
        if let categoryId { fields["categoryId"] = .string(categoryId) }
        return fields
    }
}

/// An animal is removed.
public struct AnimalRemoved: DomainEvent, Equatable {
    /// `AnimalRemoved`.
    public static let typeName = "AnimalRemoved"

    /// The animal's id.
    public let animalId: String

    /// An `AnimalRemoved` event.
    public init(animalId: String) {
        self.animalId = animalId
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["animalId"])
        try self.init(animalId: reader.id("animalId"))
    }

    /// `animal-⟨animalId⟩`.
    public var stream: String { AnimalsStreams.animal(animalId) }

    /// `animalId`.
    public var payload: [String: JSONValue] { ["animalId": .string(animalId)] }
}
