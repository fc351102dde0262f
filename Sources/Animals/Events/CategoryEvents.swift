import EventLedger

/// A category is created; its name must be unique among live categories, ignoring case.
public struct CategoryCreated: DomainEvent, Equatable {
    /// `CategoryCreated`.
    public static let typeName = "CategoryCreated"
    /// The ledger assigns `categoryId` when it is left out.
    public static let createdEntityField: String? = "categoryId"

    /// The new category's id.
    public let categoryId: String
    /// The category's name.
    public let name: String

    /// A `CategoryCreated` event.
    public init(categoryId: String, name: String) {
        self.categoryId = categoryId
        self.name = name
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["categoryId", "name"])
        try self.init(categoryId: reader.id("categoryId"), name: reader.name("name"))
    }

    /// `category-⟨categoryId⟩`.
    public var stream: String { AnimalsStreams.category(categoryId) }

    /// `categoryId` and `name`.
    public var payload: [String: JSONValue] { ["categoryId": .string(categoryId), "name": .string(name)] }
}

/// An existing category gets a new name, unique among live categories ignoring case.
public struct CategoryRenamed: DomainEvent, Equatable {
    /// `CategoryRenamed`.
    public static let typeName = "CategoryRenamed"

    /// The category's id.
    public let categoryId: String
    /// The new name.
    public let name: String

    /// A `CategoryRenamed` event.
    public init(categoryId: String, name: String) {
        self.categoryId = categoryId
        self.name = name
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["categoryId", "name"])
        try self.init(categoryId: reader.id("categoryId"), name: reader.name("name"))
    }

    /// `category-⟨categoryId⟩`.
    public var stream: String { AnimalsStreams.category(categoryId) }

    /// `categoryId` and `name`.
    public var payload: [String: JSONValue] { ["categoryId": .string(categoryId), "name": .string(name)] }
}

/// A category is deleted, and every animal in it with it.
public struct CategoryDeleted: DomainEvent, Equatable {
    /// `CategoryDeleted`.
    public static let typeName = "CategoryDeleted"

    /// The category's id.
    public let categoryId: String

    /// A `CategoryDeleted` event.
    public init(categoryId: String) {
        self.categoryId = categoryId
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["categoryId"])
        try self.init(categoryId: reader.id("categoryId"))
    }

    /// `category-⟨categoryId⟩`.
    public var stream: String { AnimalsStreams.category(categoryId) }

    /// `categoryId`.
    public var payload: [String: JSONValue] { ["categoryId": .string(categoryId)] }
}
