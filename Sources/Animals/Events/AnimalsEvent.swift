import EventLedger

/// The events of the animals domain.
public enum AnimalsEvent: Sendable, Equatable {
    /// A category is created.
    case categoryCreated(CategoryCreated)
    /// A category gets a new name.
    case categoryRenamed(CategoryRenamed)
    /// A category is deleted, with its animals.
    case categoryDeleted(CategoryDeleted)
    /// An animal is added.
    case animalAdded(AnimalAdded)
    /// An animal gets a new name.
    case animalRenamed(AnimalRenamed)
    /// An animal's diet changes.
    case animalDietChanged(AnimalDietChanged)
    /// An animal moves to another category, or to none.
    case animalRecategorized(AnimalRecategorized)
    /// An animal is removed.
    case animalRemoved(AnimalRemoved)
    /// A category returns to an earlier state (undo).
    case categoryRestored(CategoryRestored)
    /// An animal returns to an earlier state (undo).
    case animalRestored(AnimalRestored)

    /// Each event type with its case.
    static let cases: [EventCase<AnimalsEvent>] = [
        EventCase(CategoryCreated.self, as: AnimalsEvent.categoryCreated),
        EventCase(CategoryRenamed.self, as: AnimalsEvent.categoryRenamed),
        EventCase(CategoryDeleted.self, as: AnimalsEvent.categoryDeleted),
        EventCase(AnimalAdded.self, as: AnimalsEvent.animalAdded),
        EventCase(AnimalRenamed.self, as: AnimalsEvent.animalRenamed),
        EventCase(AnimalDietChanged.self, as: AnimalsEvent.animalDietChanged),
        EventCase(AnimalRecategorized.self, as: AnimalsEvent.animalRecategorized),
        EventCase(AnimalRemoved.self, as: AnimalsEvent.animalRemoved),
        EventCase(CategoryRestored.self, as: AnimalsEvent.categoryRestored),
        EventCase(AnimalRestored.self, as: AnimalsEvent.animalRestored),
    ]
}
