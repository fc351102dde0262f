import EventLedger

/// What undo reads and restores of categories and animals.
enum AnimalsUndo {
    /// A live category as the read model shows it.
    struct CategoryState: Equatable, Sendable {
        /// The category's name.
        var name: String
        /// The number of live animals in the category.
        var animalCount: Int
    }

    /// Categories, then the animals that refer to them.
    static let entities = [
        UndoableEntity(streamPrefix: AnimalsStreams.category(""), state: categoryState) { id, category in
            CategoryRestored(categoryId: id, name: category?.name)
        },
        UndoableEntity(streamPrefix: AnimalsStreams.animal(""), state: animalState) { id, animal in
            AnimalRestored(animalId: id, name: animal?.name, diet: animal?.diet, categoryId: animal?.categoryId)
        },
    ]

    /// The category's name and animal count, nil when it does not exist or is deleted.
    @Sendable
    static func categoryState(_ categoryId: String, in readModel: ReadModelReader) throws(LedgerError) -> CategoryState? {
        guard let category = try readModel.liveRow(AnimalsTables.categories, categoryId) else { return nil }
        let listing = try readModel.row(AnimalsTables.categoriesByName, NameOrderKey(name: category.name, id: categoryId))
        return CategoryState(name: category.name, animalCount: listing?.animalCount ?? 0)
    }

    /// The animal's name, diet and category, nil when it does not exist or is removed.
    @Sendable
    static func animalState(_ animalId: String, in readModel: ReadModelReader) throws(LedgerError) -> AnimalRecord? {
        try readModel.liveRow(AnimalsTables.animals, animalId)
    }
}
