import EventLedger

/// The events of the animals domain.
public enum AnimalsEvent: Sendable, Equatable {
    /// A category's life; deleting a category removes its animals.
    case categoryCreated(CategoryCreated), categoryRenamed(CategoryRenamed), categoryDeleted(CategoryDeleted)
    /// An animal's life.
    case animalAdded(AnimalAdded), animalRenamed(AnimalRenamed), animalRemoved(AnimalRemoved)
    /// An animal's diet, or its category, changes.
    case animalDietChanged(AnimalDietChanged), animalRecategorized(AnimalRecategorized)
    /// A category or an animal returns to an earlier state: what undo appended in earlier versions.
    case categoryRestored(CategoryRestored), animalRestored(AnimalRestored)
}
