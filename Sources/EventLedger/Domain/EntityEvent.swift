/// An event about one entity of a table of entities, whose stream the ledger derives from
/// the event's id field: the table's entity stream prefix followed by the id.
///
/// ```swift
/// struct ItemAdded: EntityEvent {
///     static let entity = EventEntity(TodoTables.items, id: \Self.itemId)
///     @ID var itemId: String
///     @ID var listId: String
///     @Name var title: String
/// }
/// // ItemAdded(itemId: "i1", listId: "home", title: "Milk").stream == "item-i1"
/// ```
///
/// An event whose stream is made otherwise conforms to `DomainEvent` and says its `stream`.
public protocol EntityEvent: DomainEvent {
    /// The entity the event is about: its table's stream prefix and the event's id field.
    static var entity: EventEntity<Self> { get }
}

extension EntityEvent {
    /// The entity's stream: its table's entity stream prefix followed by the event's id.
    public var stream: String { Self.entity.streamPrefix + self[keyPath: Self.entity.id] }
}

/// Where an `EntityEvent`'s stream comes from: the prefix of its entity's streams and the
/// event's field holding the entity's id; and what the ledger requires of that entity
/// before the event is appended, if anything.
///
/// ```swift
/// static let entity = EventEntity(TodoTables.items, id: \Self.itemId, requires: .live)
/// ```
public struct EventEntity<Event>: Sendable {
    /// What the entity's streams start with, e.g. `item-`.
    public let streamPrefix: String
    /// The event's field holding the entity's id.
    let id: KeyPath<Event, String> & Sendable
    /// The check of what the event requires of its entity, if anything.
    let requirement: EntityRequirementCheck?

    /// The entity of `table`, a table of entities, whose id is the event's field `id`.
    public init<Row>(_ table: ReadModelTable<String, Row>, id: KeyPath<Event, String> & Sendable) {
        self.init(streamPrefix: Self.streamPrefix(of: table), id: id)
    }

    /// The entity of `table`, a table of entities, whose id is the event's field `id`, and
    /// which must be as `requirement` says when the event is appended: otherwise the event
    /// breaks the rule "⟨kind⟩ must exist" or "⟨kind⟩ must not be deleted", the kind being
    /// the table's entity stream prefix without its dash (`item-` gives "item must exist").
    /// The domain's own rules run after this check.
    public init<Row: EntityRow>(
        _ table: ReadModelTable<String, Row>, id: KeyPath<Event, String> & Sendable, requires requirement: EntityRequirement
    ) {
        let prefix = Self.streamPrefix(of: table)
        self.init(streamPrefix: prefix, id: id, requirement: EntityRequirementCheck(table, prefix: prefix, requirement))
    }

    /// The entity whose streams start with `streamPrefix`, and whose id is the event's field `id`.
    public init(streamPrefix: String, id: KeyPath<Event, String> & Sendable) {
        self.init(streamPrefix: streamPrefix, id: id, requirement: nil)
    }

    private init(streamPrefix: String, id: KeyPath<Event, String> & Sendable, requirement: EntityRequirementCheck?) {
        self.streamPrefix = streamPrefix
        self.id = id
        self.requirement = requirement
    }

    private static func streamPrefix<Row>(of table: ReadModelTable<String, Row>) -> String {
        guard let prefix = table.entityStreamPrefix else {
            preconditionFailure("\(table.qualifiedName) is not a table of entities: declare it with entityStream")
        }
        return prefix
    }
}
