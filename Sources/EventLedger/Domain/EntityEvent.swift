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
/// event's field holding the entity's id.
public struct EventEntity<Event>: Sendable {
    /// What the entity's streams start with, e.g. `item-`.
    public let streamPrefix: String
    /// The event's field holding the entity's id.
    let id: KeyPath<Event, String> & Sendable

    /// The entity of `table`, a table of entities, whose id is the event's field `id`.
    public init<Row>(_ table: ReadModelTable<String, Row>, id: KeyPath<Event, String> & Sendable) {
        guard let prefix = table.entityStreamPrefix else {
            preconditionFailure("\(table.qualifiedName) is not a table of entities: declare it with entityStream")
        }
        self.init(streamPrefix: prefix, id: id)
    }

    /// The entity whose streams start with `streamPrefix`, and whose id is the event's field `id`.
    public init(streamPrefix: String, id: KeyPath<Event, String> & Sendable) {
        self.streamPrefix = streamPrefix
        self.id = id
    }
}
