/// A table of a read model: rows of type `Row` under keys of type `Key`, both `Codable`.
///
/// Keys are stored in a binary form ordered as their values are: a struct key orders by
/// its first field, then its second, and so on (strings by their UTF-8 bytes, numbers by
/// value, nil first), so a table lists its rows in the order a query wants them, and a
/// scan by a prefix of the key's fields (`ReadModelReader.rows(_:prefix:)`) reads exactly
/// the rows under it. Rows are stored compactly, their fields without names: a row type
/// must read its fields back in the order it writes them, as synthesized `Codable` does.
///
/// ```swift
/// struct ItemKey: Codable { var listId: String; var titleOrder: String; var itemId: String }
/// let items = ReadModelTable<ItemKey, ItemRow>(readModel: "todo-lists", name: "items")
/// ```
///
/// `Key` and `Row` are `Codable` and `Sendable`: the initializers require it. A table read
/// and written on every event can have key and row types with `BinaryFields`, which the
/// ledger then stores without `Codable`'s containers, in the same bytes.
public struct ReadModelTable<Key, Row>: DeclaredTable {
    /// The name of the read model the table belongs to: `todo-lists`.
    public let readModelName: String
    /// The table's name, qualified by its read model's: `todo-lists.items`.
    public let qualifiedName: String
    /// What the streams of the entities whose rows the table holds start with (their id,
    /// the row's key, follows), or nil when its rows are not entities (see `entities`).
    public let entityStreamPrefix: String?
    /// The name the ledger looks the table up by.
    @usableFromInline let id: TableName
    /// How the keys and rows are written and read.
    @usableFromInline let coding: TableCoding<Key, Row>
    /// The table's secondary indexes, with the tables holding them.
    @usableFromInline let indexes: [StoredIndex<Row>]
    /// How the ledger stores the table.
    public private(set) var storage: TableStorage

    private init(_ readModel: String, _ name: String, _ coding: TableCoding<Key, Row>, _ indexes: [TableIndex<Row>], _ streamPrefix: String?) {
        let id = TableName(readModel: readModel, table: name)
        precondition(Set(indexes.map(\.name)).count == indexes.count, "two indexes of \(id.name) share a name")
        self.id = id
        readModelName = readModel
        qualifiedName = id.name
        self.coding = coding
        let storedIndexes = indexes.map { StoredIndex(declaration: $0, id: TableName(qualifiedName: "\(id.name)#\($0.name)")) }
        self.indexes = storedIndexes
        entityStreamPrefix = streamPrefix
        storage = TableStorage(tableNames: [id] + storedIndexes.map(\.id), entities: nil)
    }

    /// The index declared as `index`; `.invalidInput` when the table has no index of its name.
    @usableFromInline
    func stored(_ index: TableIndex<Row>) throws(LedgerError) -> StoredIndex<Row> {
        guard let stored = indexes.first(where: { $0.declaration.name == index.name }) else {
            throw LedgerError(.invalidInput, "table \"\(qualifiedName)\" has no index \"\(index.name)\"", subject: qualifiedName)
        }
        return stored
    }

    /// The coded shape of the table's keys and rows, and its indexes.
    public var shape: TableShape { TableShape(key: coding.key, row: coding.row, indexes: indexes) }
}

/// A declared index and the table holding its entries: each maps the index key (followed,
/// unless the index is unique, by the row's table key) to the row's table key.
@usableFromInline
struct StoredIndex<Row>: Sendable {
    @usableFromInline let declaration: TableIndex<Row>
    @usableFromInline let id: TableName
}

// The initializers constrain the types, not the type itself: a constraint on the type would
// have every process look the conformances up (a scan of every conformance in the program)
// when it first uses each table type. A key or row type with `BinaryFields` is stored through
// them: a declaration naming the types picks the most specific initializer.

extension ReadModelTable where Key: Codable & Sendable, Row: Codable & Sendable {
    /// The table `name` of the read model `readModel`, its keys and rows stored through
    /// `Codable`, with its secondary indexes.
    public init(readModel: String, name: String, indexes: [TableIndex<Row>] = []) {
        self.init(readModel, name, TableCoding(key: .codable, row: .codable), indexes, nil)
    }
}

extension ReadModelTable where Key == String, Row: Codable & Sendable {
    /// The table `name` of the read model `readModel` holding entities: each row is the state
    /// of the entity whose stream is `entityStream` followed by the row's key, its id. Undo
    /// returns these rows, and their indexes, to their state before the commit undone.
    ///
    /// `referredBy` names the rows of other tables that refer to an entity (`Referrers`):
    /// which of them do is part of the entity's state, so a later commit that made a row
    /// refer to it, or stop, refuses the undo of an earlier commit that changed the entity, as
    /// a conflict naming that later commit (an artist cannot be undone away under a song
    /// added to it since).
    ///
    /// `restoring` checks, in the read models as the undo has left them so far, the row an
    /// undo is about to give the entity `id` (nil: it is removed), and throws
    /// `LedgerError.rule` when the domain's rules forbid it: e.g. an animal restored into a
    /// category deleted since. Undo removes entities first, those that refer to others first,
    /// then restores the others, those referred to first, in the order of the domain's `tables`.
    public init(
        readModel: String, name: String, entityStream: String, indexes: [TableIndex<Row>] = [],
        referredBy: [Referrers] = [],
        restoring: @escaping @Sendable (_ id: String, _ row: Row?, ReadModelReader) throws(LedgerError) -> Void = { _, _, _ in }
    ) {
        self.init(readModel, name, row: .codable, entityStream, indexes, referredBy, restoring)
    }

    /// A table of entities whose rows are written by `rowCoding`.
    fileprivate init(
        _ readModel: String, _ name: String, row rowCoding: BinaryCoding<Row>, _ entityStream: String, _ indexes: [TableIndex<Row>],
        _ referredBy: [Referrers], _ restoring: @escaping @Sendable (_ id: String, _ row: Row?, ReadModelReader) throws(LedgerError) -> Void
    ) {
        self.init(readModel, name, TableCoding(key: .codable, row: rowCoding), indexes, entityStream)
        storage = TableStorage(
            tableNames: storage.tableNames,
            entities: EntityTableAccess(self, streamPrefix: entityStream, referredBy: referredBy, restoring: restoring))
    }

    /// The stream of the entity `id` of a table of entities: its entity stream prefix
    /// followed by the id.
    public func stream(of id: String) -> String { (entityStreamPrefix ?? "") + id }
}

extension ReadModelTable where Key == String, Row: BinaryFields {
    /// The table `name` of the read model `readModel` holding entities, as
    /// `init(readModel:name:entityStream:indexes:referredBy:restoring:)` of `Codable` rows,
    /// its rows stored through their own fields.
    public init(
        readModel: String, name: String, entityStream: String, indexes: [TableIndex<Row>] = [],
        referredBy: [Referrers] = [],
        restoring: @escaping @Sendable (_ id: String, _ row: Row?, ReadModelReader) throws(LedgerError) -> Void = { _, _, _ in }
    ) {
        self.init(readModel, name, row: .fields, entityStream, indexes, referredBy, restoring)
    }
}

extension ReadModelTable where Key: BinaryFields, Row: Codable & Sendable {
    /// The table `name` of the read model `readModel`, its keys stored through their own fields.
    public init(readModel: String, name: String, indexes: [TableIndex<Row>] = []) {
        self.init(readModel, name, TableCoding(key: .fields, row: .codable), indexes, nil)
    }
}

extension ReadModelTable where Key: Codable & Sendable, Row: BinaryFields {
    /// The table `name` of the read model `readModel`, its rows stored through their own fields.
    public init(readModel: String, name: String, indexes: [TableIndex<Row>] = []) {
        self.init(readModel, name, TableCoding(key: .codable, row: .fields), indexes, nil)
    }
}

extension ReadModelTable where Key: BinaryFields, Row: BinaryFields {
    /// The table `name` of the read model `readModel`, its keys and rows stored through their own fields.
    public init(readModel: String, name: String, indexes: [TableIndex<Row>] = []) {
        self.init(readModel, name, TableCoding(key: .fields, row: .fields), indexes, nil)
    }
}

/// A table a domain declares in `LedgerDomain.tables`: every table its `apply` and queries use.
public protocol DeclaredTable: Sendable {
    /// The name of the read model the table belongs to.
    var readModelName: String { get }
    /// The table's name, qualified by its read model's.
    var qualifiedName: String { get }
    /// How the ledger stores the table (its indexes, its entities).
    var storage: TableStorage { get }
    /// The coded shape of the table's keys and rows, which a ledger file records for each
    /// table of a read model it builds.
    var shape: TableShape { get }
}

/// A read-model table's qualified name, as the ledger looks tables up (`artist-songs.songs`).
@usableFromInline
struct TableName: Hashable, Sendable {
    /// The qualified table name.
    let name: String
    /// The name's hash, computed once: the ledger looks a table up for every row it reads or writes.
    private let nameHash: Int

    /// The table `table` of the read model `readModel`.
    init(readModel: String, table: String) {
        self.init(qualifiedName: "\(readModel).\(table)")
    }

    /// The table called `qualifiedName`.
    init(qualifiedName: String) {
        name = qualifiedName
        nameHash = name.hashValue
    }

    @usableFromInline
    static func == (lhs: TableName, rhs: TableName) -> Bool {
        lhs.nameHash == rhs.nameHash && lhs.name == rhs.name
    }

    @usableFromInline
    func hash(into hasher: inout Hasher) {
        hasher.combine(nameHash)
    }
}

extension LedgerError {
    /// A domain's `apply` or a query used a table that its domain does not declare in `tables`.
    static func undeclaredTable(_ table: TableName) -> LedgerError {
        LedgerError(
            .invalidInput,
            "table \"\(table.name)\" is not declared: a domain lists every table its "
                + "apply and queries use in its tables", subject: table.name)
    }
}
