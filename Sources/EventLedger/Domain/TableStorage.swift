/// How the ledger stores a declared table: the tables holding its rows and its indexes,
/// and, for a table of entities, how undo reads and restores their rows. Made by the
/// table's declaration; a domain has no need to look inside.
public struct TableStorage: Sendable {
    /// The stored tables: the table's own, then its indexes'.
    let tableNames: [TableName]
    /// How undo reaches the rows, when the table holds entities.
    let entities: EntityTableAccess?
}

/// A table of entities as undo reads and restores it, without its row type.
struct EntityTableAccess: Sendable {
    /// The table's qualified name.
    let tableName: String
    /// What the streams of its entities start with; the entity's id follows.
    let streamPrefix: String
    /// The entity's row as stored, nil when there is none.
    let storedRow: @Sendable (_ id: String, ReadModelReader) throws(LedgerError) -> [UInt8]?
    /// The rows of other tables referring to the entity, as `Referrers` finds them.
    let referrers: [Referrers]
    /// The entity's row as JSON (its fields by name), nil when there is none.
    let rowJSON: @Sendable (_ id: String, ReadModelReader) throws(LedgerError) -> JSONValue?
    /// Checks that `row` (nil: a removal) decodes as a row of the table, `.invalidInput`
    /// naming the field otherwise, and that the domain's rules let the entity `id` take it.
    let check: @Sendable (_ id: String, _ row: JSONValue?, ReadModelReader) throws(LedgerError) -> Void
    /// Stores `row` (nil: removes the row) as the entity's, keeping the table's indexes in step.
    let restore: @Sendable (_ id: String, _ row: JSONValue?, ReadModelWriter) throws(LedgerError) -> Void
}

extension EntityTableAccess {
    /// The entity table `table`, whose entities' streams start with `streamPrefix`, a
    /// restored row checked by `restoring`.
    init<Row: Codable & Sendable>(
        _ table: ReadModelTable<String, Row>, streamPrefix: String, referredBy: [Referrers],
        restoring: @escaping @Sendable (_ id: String, _ row: Row?, ReadModelReader) throws(LedgerError) -> Void
    ) {
        tableName = table.qualifiedName
        self.streamPrefix = streamPrefix
        referrers = referredBy
        storedRow = { id, reader throws(LedgerError) in
            let key = try BinaryEncoding.encoded(id, with: reader.scratch.key, coding: table.coding.key)
            return try LedgerError.typed { try reader.store.withValue(table.id, key: key) { $0.map { Array($0) } } }
        }
        rowJSON = { id, reader throws(LedgerError) in
            guard let row = try reader.row(table, id) else { return nil }
            return try PayloadEncoder.json(of: row)
        }
        check = { id, row, reader throws(LedgerError) in
            try restoring(id, try row.map { row throws(LedgerError) in try Self.decode(row, as: Row.self) }, reader)
        }
        restore = { id, row, writer throws(LedgerError) in
            guard let row else { return try writer.remove(table, id) }
            try writer.set(table, id, try Self.decode(row, as: Row.self))
        }
    }

    /// The id of the entity whose stream is `stream`, one of the table's.
    func id(of stream: String) -> String { String(stream.dropFirst(streamPrefix.count)) }

    /// `row` decoded as `Row`; `.invalidInput` naming the field when it does not decode.
    private static func decode<Row: Decodable>(_ row: JSONValue, as type: Row.Type) throws(LedgerError) -> Row {
        guard case .object(let fields) = row else { throw LedgerError.invalidField("row", "must be an object of the row's fields") }
        return try PayloadDecoder.decode(Row.self, from: fields)
    }
}

extension DeclaredTable {
    /// The table stored as itself alone, without indexes or entities.
    public var storage: TableStorage { TableStorage(tableNames: [TableName(qualifiedName: qualifiedName)], entities: nil) }
}

/// The rows of a table that refer to an entity: those whose key in an index of that table
/// starts with the entity's id (a song's `by-artist` index refers to artists). Which rows
/// refer to it counts, not what else they hold.
public struct Referrers: Sendable {
    /// The table keys of the rows referring to the entity `id`, as stored, in byte order.
    let entries: @Sendable (_ id: String, ReadModelReader) throws(LedgerError) -> [[UInt8]]

    /// The rows of `table` whose key in `index` starts with the referred entity's id.
    public init<Key, Row>(_ table: ReadModelTable<Key, Row>, index: TableIndex<Row>) {
        entries = { id, reader throws(LedgerError) in
            let stored = try table.stored(index)
            let prefix = Array(try BinaryEncoding.encoded(id, with: reader.scratch.key))
            let values = try LedgerError.typed { try reader.store.values(stored.id, range: StoredKeyRange(prefix: prefix)) }
            return try LedgerError.typed {
                try values.map { entry in try entry.value.withUnsafeBytes { Array(try IndexEntry.key(in: $0)) } }
            }.sorted { $0.lexicographicallyPrecedes($1) }
        }
    }
}
