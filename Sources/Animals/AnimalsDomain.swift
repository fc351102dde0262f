import EventLedger

/// The animals domain: categories and their animals, the rules they obey, and
/// the `animal-category` read model with its queries `categories`, `category-animals`
/// and `animals`.
public struct AnimalsDomain: LedgerDomain {
    /// The animals domain.
    public init() {}

    /// Version 3 stores keys and rows in the ledger's typed binary form (version 2 keyed
    /// every list by the case-folded name): a ledger whose read model an earlier version
    /// built rebuilds it when next opened for writing.
    public var readModelVersion: Int { 3 }

    /// `animal-category`.
    public var readModelName: String { AnimalsTables.readModel }

    /// The category and animal events.
    public var events: [EventCase<AnimalsEvent>] { AnimalsEvent.cases }

    /// The tables of the `animal-category` read model.
    public var tables: [any DeclaredTable] { AnimalsTables.all }

    /// `categories`, `category-animals CATEGORY` and `animals [--uncategorized]`.
    public var queries: [QueryDefinition] { AnimalsQueryDefinitions.all }

    /// Categories and animals: every animals commit can be undone.
    public var undoableEntities: [UndoableEntity] { AnimalsUndo.entities }
}
