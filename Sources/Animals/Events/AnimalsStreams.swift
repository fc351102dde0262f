/// The streams of the animal entities: `category-⟨categoryId⟩` and `animal-⟨animalId⟩`.
enum AnimalsStreams {
    /// The stream of the category `categoryId`.
    static func category(_ categoryId: String) -> String { "category-\(categoryId)" }

    /// The stream of the animal `animalId`.
    static func animal(_ animalId: String) -> String { "animal-\(animalId)" }
}
