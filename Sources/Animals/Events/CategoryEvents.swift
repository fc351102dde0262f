import EventLedger

/// A category is created; its name must be unique among live categories, ignoring case.
public struct CategoryCreated: EntityEvent, Equatable {
    /// The category's stream, `category-⟨categoryId⟩`; left out, the ledger assigns `categoryId` a UUID.
    public static let entity = EventEntity(AnimalsTables.categories, id: \Self.categoryId), createdEntityField: String? = "categoryId"
    /// The new category's id.
    @ID public var categoryId: String
    /// The category's name.
    @Name public var name: String
    /// A `CategoryCreated` event.
    public init(categoryId: String, name: String) { (self.categoryId, self.name) = (categoryId, name) }
}

/// An existing category gets a new name, unique among live categories ignoring case.
public struct CategoryRenamed: EntityEvent, Equatable {
    /// The category's stream, `category-⟨categoryId⟩`; the category must be live.
    public static let entity = EventEntity(AnimalsTables.categories, id: \Self.categoryId, requires: .live)
    /// The category's id.
    @ID public var categoryId: String
    /// The new name.
    @Name public var name: String
    /// A `CategoryRenamed` event.
    public init(categoryId: String, name: String) { (self.categoryId, self.name) = (categoryId, name) }
}

/// A category is deleted, and every animal in it with it.
public struct CategoryDeleted: EntityEvent, Equatable {
    /// The category's stream, `category-⟨categoryId⟩`; the category must be live.
    public static let entity = EventEntity(AnimalsTables.categories, id: \Self.categoryId, requires: .live)
    /// The category's id.
    @ID public var categoryId: String
    /// A `CategoryDeleted` event.
    public init(categoryId: String) { self.categoryId = categoryId }
}
