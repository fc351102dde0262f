import EventLedger

/// The animals domain: categories and their animals, the rules they obey, and
/// the `animal-category` read model with its queries `categories`, `category-animals`
/// and `animals`.
public struct AnimalsDomain: LedgerDomain {
    /// The animals domain.
    public init() {}

    /// `animal-category`.
    public var projectionName: String { AnimalsTables.projection }

    /// The category and animal events.
    public var eventTypes: [any DomainEvent.Type] {
        [CategoryCreated.self, CategoryRenamed.self, CategoryDeleted.self,
         AnimalAdded.self, AnimalRenamed.self, AnimalDietChanged.self, AnimalRecategorized.self, AnimalRemoved.self]
    }

    /// The tables of the `animal-category` read model.
    public var tables: [ProjectionTable] { AnimalsTables.all }

    /// `categories`, `category-animals CATEGORY` and `animals [--uncategorized]`.
    public var queries: [QueryDefinition] { AnimalsQueryDefinitions.all }
}
