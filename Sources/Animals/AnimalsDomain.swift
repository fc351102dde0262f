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
    public var readModelVersion: Int { 4 }

    /// `animal-category`.
    public var readModelName: String { AnimalsTables.readModel }

    /// The category and animal events.
    public var events: [EventCase<AnimalsEvent>] { AnimalsEvent.cases }

    /// The tables of the `animal-category` read model.
    public var tables: [any DeclaredTable] { AnimalsTables.all }

    /// `categories`, `category-animals CATEGORY` and `animals [--uncategorized]`.
    public var queries: [QueryDefinition] { AnimalsQueryDefinitions.all }
}
