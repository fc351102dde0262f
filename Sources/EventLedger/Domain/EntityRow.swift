/// The row of an entity that can be deleted, and is kept when it is: its id stays taken
/// and its history readable, while the rules refuse to edit it.
public protocol EntityRow: Codable, Sendable {
    /// Whether the entity is deleted.
    var isDeleted: Bool { get }
}

extension ReadModelReader {
    /// The entity's row when it exists and is not deleted, otherwise nil.
    @inlinable
    public func liveRow<Key, Row: EntityRow>(_ table: ReadModelTable<Key, Row>, _ key: Key) throws(LedgerError) -> Row? {
        try row(table, key).flatMap { $0.isDeleted ? nil : $0 }
    }

    /// The rows under `prefix` whose entity is not deleted, in key order.
    @inlinable
    public func liveRows<Key, Row: EntityRow, Prefix: Encodable>(
        _ table: ReadModelTable<Key, Row>,
        prefix: Prefix
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        try rows(table, prefix: prefix).filter { !$0.row.isDeleted }
    }

    /// The entity's row, which must exist and not be deleted: otherwise the rule
    /// "`kind` must exist" or "`kind` must not be deleted" is broken, for `stream`.
    @discardableResult @inlinable
    public func requireLive<Key, Row: EntityRow>(
        _ table: ReadModelTable<Key, Row>, _ key: Key,
        kind: String, stream: String
    ) throws(LedgerError) -> Row {
        guard let row = try row(table, key) else { throw LedgerError.rule("\(kind) must exist", entity: stream) }
        guard !row.isDeleted else { throw LedgerError.rule("\(kind) must not be deleted", entity: stream) }
        return row
    }

    /// The row of the entity `id` of a table of entities, which must exist and not be deleted:
    /// otherwise the rule "`kind` must exist" or "`kind` must not be deleted" is broken, for
    /// the entity's stream.
    @discardableResult @inlinable
    public func requireLive<Row: EntityRow>(_ table: ReadModelTable<String, Row>, _ id: String, kind: String) throws(LedgerError) -> Row {
        try requireLive(table, id, kind: kind, stream: table.stream(of: id))
    }

    /// The row of the live entity `id` of a table of entities, as a query names it: `.notFound`,
    /// "`kind` "`id`" does not exist" about the entity's stream, when it does not exist or is deleted.
    @inlinable
    public func requireFound<Row: EntityRow>(_ table: ReadModelTable<String, Row>, _ id: String, kind: String) throws(LedgerError) -> Row {
        guard let row = try liveRow(table, id) else {
            throw LedgerError(.notFound, "\(kind) \"\(id)\" does not exist", subject: table.stream(of: id))
        }
        return row
    }

    /// The entity must have existed: it may be deleted (an undo brings it back), but an
    /// event restoring an entity never creates one; otherwise the rule "`kind` must exist"
    /// is broken, for `stream`.
    @inlinable
    public func requireKnown<Key, Row: EntityRow>(
        _ table: ReadModelTable<Key, Row>, _ key: Key,
        kind: String, stream: String
    ) throws(LedgerError) {
        guard try row(table, key) != nil else { throw LedgerError.rule("\(kind) must exist", entity: stream) }
    }
}

extension ReadModelWriter {
    /// Applies `change` to the entity's row and stores it, its indexes following, when the
    /// entity exists and is not deleted; an unknown or deleted one stays as it is. The row
    /// is read once. Returns whether the entity was live.
    @discardableResult @inlinable
    public func updateLive<Key, Row: EntityRow>(
        _ table: ReadModelTable<Key, Row>, _ key: Key,
        _ change: (inout Row) throws(LedgerError) -> Void
    ) throws(LedgerError) -> Bool {
        guard table.indexes.isEmpty else {
            return try IndexedWrite.update(under: key, of: table, through: self) { row throws(LedgerError) in
                guard !row.isDeleted else { return false }
                try change(&row)
                return true
            }
        }
        guard var row = try liveRow(table, key) else { return false }
        try change(&row)
        try set(table, key, row)
        return true
    }

    /// Applies `change` to each member of the entity `id`: the rows of `members` that `index`
    /// lists under `id` (an index keyed by the member's reference to it). The event is linked
    /// to each member's stream, so that its history shows what happened to it, and undoing
    /// the event brings it back. E.g. a deleted list's items:
    /// `updateMembers(of: listId, in: items, listedBy: itemsByList, linking: context) { $0.isDeleted = true }`.
    @inlinable
    public func updateMembers<Member: Codable & Sendable>(
        of id: String, in members: ReadModelTable<String, Member>, listedBy index: TableIndex<Member>,
        linking context: EventContext, _ change: (inout Member) throws(LedgerError) -> Void
    ) throws(LedgerError) {
        for var member in try rows(members, index: index, prefix: id) {
            try change(&member.row)
            try set(members, member.key, member.row)
            try context.link(stream: members.stream(of: member.key))
        }
    }

    /// The entity's row when it exists and is not deleted, otherwise nil.
    @inlinable
    public func liveRow<Key, Row: EntityRow>(_ table: ReadModelTable<Key, Row>, _ key: Key) throws(LedgerError) -> Row? {
        try reader.liveRow(table, key)
    }

    /// The rows under `prefix` whose entity is not deleted, in key order.
    @inlinable
    public func liveRows<Key, Row: EntityRow, Prefix: Encodable>(
        _ table: ReadModelTable<Key, Row>,
        prefix: Prefix
    ) throws(LedgerError) -> [(key: Key, row: Row)] {
        try reader.liveRows(table, prefix: prefix)
    }
}
