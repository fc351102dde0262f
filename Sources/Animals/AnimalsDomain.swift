import EventLedger

/// The animals domain: categories and their animals, the rules they obey, and
/// the `animal-category` read model with its queries `categories`, `category-animals`
/// and `animals`.
public struct AnimalsDomain: LedgerDomain {
    /// The animals domain.
    public init() {}
    /// Version 4 keeps only the category and animal rows, with declared indexes in place of
    /// the hand-kept name holders, listings and animal counts (version 3 stored keys and rows
    /// in the ledger's typed binary form): a ledger whose read model an earlier version built
    /// rebuilds it when next opened for writing.
    public let readModelVersion = 4
    /// Each event type, by the case of `AnimalsEvent` carrying it.
    public let events = [
        EventCase(AnimalsEvent.categoryCreated), EventCase(AnimalsEvent.categoryRenamed), EventCase(AnimalsEvent.categoryDeleted),
        EventCase(AnimalsEvent.animalAdded), EventCase(AnimalsEvent.animalRenamed), EventCase(AnimalsEvent.animalDietChanged),
        EventCase(AnimalsEvent.animalRecategorized), EventCase(AnimalsEvent.animalRemoved),
        EventCase(AnimalsEvent.categoryRestored), EventCase(AnimalsEvent.animalRestored),
    ]
    /// The tables of the `animal-category` read model: categories before the animals that refer to them.
    public let tables: [any DeclaredTable] = [AnimalsTables.categories, AnimalsTables.animals]
    /// `categories`, `category-animals CATEGORY` and `animals [--uncategorized]`.
    public let queries = [AnimalsQueryDefinitions.categories, AnimalsQueryDefinitions.categoryAnimals, AnimalsQueryDefinitions.animals]
}
