import EventLedger

/// The animals domain: categories and their animals, the rules they obey, and
/// the `animal-category` read model with its queries `categories`, `category-animals`
/// and `animals`.
public struct AnimalsDomain: LedgerDomain {
    /// The animals domain.
    public init() {}

    /// Version 2 keys every list by name or title on its case-folded form (`NameOrder.key`),
    /// the name or title itself in the row: a ledger whose read model version 1 built (lists
    /// by name as written) rebuilds it when next opened for writing.
    public var readModelVersion: Int { 2 }

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
