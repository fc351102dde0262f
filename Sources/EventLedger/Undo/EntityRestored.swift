/// An entity returns to an earlier state: the event undo appends, one per entity the undone
/// commit changed, defined by the ledger for every domain whose tables hold entities
/// (`ReadModelTable.init(readModel:name:entityStream:indexes:)`).
///
/// Its payload names the entity's stream, the table holding its row and the row as it was,
/// its fields by name, or no row when the entity did not exist yet. Folding it stores that
/// row (removes it, without a row) and moves it in the table's indexes, like any write: a
/// unique index whose key another row took since refuses it. The log, exports, imports,
/// replicas and past states treat it like any other event.
public struct EntityRestored: DomainEvent, Equatable {
    /// The entity's stream, e.g. `category-c1`.
    public var entity: String
    /// The qualified name of the table holding the entity's row, e.g. `animal-category.categories`.
    public var table: String
    /// The row as it was, its fields by name; nil when the entity did not exist.
    public var row: JSONValue?

    /// The entity `entity`, whose row in `table` returns to `row` (nil: removed).
    public init(entity: String, table: String, row: JSONValue?) {
        self.entity = entity
        self.table = table
        self.row = row
    }

    /// The entity's stream.
    public var stream: String { entity }
}

/// The ledger's own domain of `EntityRestored`: it has no read model of its own, and folds
/// each restoration into the domain table it names.
struct RestorationDomain: LedgerDomain {
    /// The entity tables of every domain, by qualified name.
    let entityTables: [String: EntityTableAccess]

    /// The domain restoring the entities of `tables`.
    init(entityTables tables: [EntityTableAccess]) {
        entityTables = Dictionary(tables.map { ($0.tableName, $0) }, uniquingKeysWith: { first, _ in first })
    }

    var readModelName: String { "" }
    var events: [EventCase<EntityRestored>] { [EventCase(EntityRestored.self, as: { $0 })] }
    var tables: [any DeclaredTable] { [] }
    var queries: [QueryDefinition] { [] }

    /// The table must hold entities whose streams the entity's is one of, the row must be
    /// one of its rows, and the table's rules of restored rows must let the entity take it.
    func check(_ event: EntityRestored, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        let access = try self.access(event)
        try access.check(access.id(of: event.entity), event.row, readModel)
    }

    /// Stores the row in a read model holding its table; other read models (a rebuild folds
    /// each domain's on its own) are left alone.
    func apply(_ event: EntityRestored, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        let access = try self.access(event)
        guard readModel.holds(access.tableName) else { return }
        try access.restore(access.id(of: event.entity), event.row, readModel)
    }

    /// The table `event` names; `.invalidInput` when no domain declares it as a table of
    /// entities, or the entity's stream is not one of its entities'.
    private func access(_ event: EntityRestored) throws(LedgerError) -> EntityTableAccess {
        guard let access = entityTables[event.table] else {
            throw LedgerError.invalidField("table", "\"\(event.table)\" is not a table of entities of any domain")
        }
        guard event.entity.hasPrefix(access.streamPrefix), event.entity.count > access.streamPrefix.count else {
            throw LedgerError.invalidField(
                "entity", "\"\(event.entity)\" is not an entity of \(event.table), whose streams start with \(access.streamPrefix)")
        }
        return access
    }
}
