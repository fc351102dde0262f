import EventLedger

/// A category returns to an earlier state, as undo appended it in earlier versions (it now
/// appends the ledger's `EntityRestored`): live with `name`, or, without a name, removed
/// (deleted, its animals staying without a category).
public struct CategoryRestored: EntityEvent, Equatable {
    /// The category's stream, `category-⟨categoryId⟩`; the category must exist, deleted or not.
    public static let entity = EventEntity(AnimalsTables.categories, id: \Self.categoryId, requires: .exists)
    /// The category's id.
    @ID public var categoryId: String
    /// The name the category is live with (unique among live categories), or nil to remove it.
    @OptionalName public var name: String?
    /// A `CategoryRestored` event.
    public init(categoryId: String, name: String?) { (self.categoryId, self.name) = (categoryId, name) }
}

/// An animal returns to an earlier state, as undo appended it in earlier versions (it now
/// appends the ledger's `EntityRestored`): live with `name`, `diet` and its category, or,
/// without a name and a diet, removed.
public struct AnimalRestored: EntityEvent, Equatable {
    /// The animal's stream, `animal-⟨animalId⟩`; the animal must exist, deleted or not.
    public static let entity = EventEntity(AnimalsTables.animals, id: \Self.animalId, requires: .exists)
    /// The animal's id.
    @ID public var animalId: String
    /// The name the animal is live with, or nil (with `diet`) to remove it.
    @OptionalName public var name: String?
    /// What the live animal eats, or nil (with `name`) to remove it.
    public var diet: Diet?
    /// The live animal's category, or nil for none.
    @OptionalID public var categoryId: String?

    /// An `AnimalRestored` event.
    public init(animalId: String, name: String?, diet: Diet?, categoryId: String? = nil) {
        (self.animalId, self.name, self.diet, self.categoryId) = (animalId, name, diet, categoryId)
    }

    /// Checks that `name` and `diet` are both present or both absent, and that a removed
    /// animal has no category; names the missing field.
    public func validate() throws(LedgerError) {
        switch (name, diet) {
        case (nil, .some):
            throw LedgerError.invalidField("name", "missing: an animal restored with a diet has a name")
        case (.some, nil):
            throw LedgerError.invalidField("diet", "missing: an animal restored with a name has a diet")
        case (nil, nil) where categoryId != nil:
            throw LedgerError.invalidField("name", "missing: only an animal restored with a name has a category")
        default:
            break
        }
    }
}
