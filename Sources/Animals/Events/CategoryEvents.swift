import EventLedger

/// A category is created; its name must be unique among live categories, ignoring case.
public struct CategoryCreated: DomainEvent, Equatable {
    /// The ledger assigns `categoryId` when it is left out.
    public static let createdEntityField: String? = "categoryId"

    /// The new category's id.
    @ID public var categoryId: String
    /// The category's name.
    @Name public var name: String

    /// A `CategoryCreated` event.
    public init(categoryId: String, name: String) {
        self.categoryId = categoryId
        self.name = name
    }

    /// `category-⟨categoryId⟩`.
    public var stream: String { AnimalsStreams.category(categoryId) }
}

/// An existing category gets a new name, unique among live categories ignoring case.
public struct CategoryRenamed: DomainEvent, Equatable {
    /// The category's id.
    @ID public var categoryId: String
    /// The new name.
    @Name public var name: String

    /// A `CategoryRenamed` event.
    public init(categoryId: String, name: String) {
        self.categoryId = categoryId
        self.name = name
    }

    /// `category-⟨categoryId⟩`.
    public var stream: String { AnimalsStreams.category(categoryId) }
}

/// A category is deleted, and every animal in it with it.
public struct CategoryDeleted: DomainEvent, Equatable {
    /// The category's id.
    @ID public var categoryId: String

    /// A `CategoryDeleted` event.
    public init(categoryId: String) {
        self.categoryId = categoryId
    }

    /// `category-⟨categoryId⟩`.
    public var stream: String { AnimalsStreams.category(categoryId) }
}
