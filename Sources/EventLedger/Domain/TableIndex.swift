/// A secondary index of a read-model table: the table's rows ordered by a key made from
/// each row, unique or not. The ledger keeps it in step with the table on every write,
/// rebuild, past state and undo; rows are read through it in its order
/// (`ReadModelReader.rows(_:index:_:)`), each entry holding a copy of its row, so the read
/// is one scan; a unique one finds its row
/// (`ReadModelReader.row(_:index:_:)`).
///
/// ```swift
/// // Titles unique per author, ignoring case; deleted books leave the index.
/// static let byTitle = TableIndex<BookRow>("by-title", unique: true, rule: "a title is unique per author") { book in
///     book.isDeleted ? nil : TitleKey(authorId: book.authorId, title: CaseFolded(book.title))
/// }
/// static let books = ReadModelTable<String, BookRow>(readModel: "library", name: "books", indexes: [byTitle])
/// ```
///
/// A row whose index key is nil is not in the index. The rows of a non-unique index that
/// share a key list in the order of their table keys. Writing a row whose key a unique
/// index holds for another row is the rule violation `rule`, naming the row's entity, the
/// key and the entity holding it.
public struct TableIndex<Row>: Sendable {
    /// The index's name, unique among its table's indexes: its rows are kept in the table
    /// `⟨table⟩#⟨name⟩`.
    public let name: String
    /// Whether no two rows may have the same index key.
    public let isUnique: Bool
    /// The rule a write breaks when it would give a unique index key to a second row.
    public let rule: String
    /// The row's index key in its binary form, nil when the row is not in the index.
    @usableFromInline let encodedKey: @Sendable (Row, BinaryWriter) throws(LedgerError) -> [UInt8]?
    /// The row's index key as the message of a broken rule shows it.
    @usableFromInline let describedKey: @Sendable (Row) -> String

    /// The index `name`, keyed by `key` of each row (nil: the row is not in the index);
    /// `unique` makes it refuse a key another row holds, breaking `rule` (by default
    /// "⟨name⟩ must be unique").
    @inlinable
    public init<IndexKey: Encodable & Sendable>(
        _ name: String, unique: Bool = false, rule: String? = nil,
        key: @escaping @Sendable (Row) -> IndexKey?
    ) {
        // Inlined where the index is declared, so that its key is encoded as its own type.
        self.init(
            name, unique: unique, rule: rule,
            encodedKey: { row, writer throws(LedgerError) in
                guard let indexKey = key(row) else { return nil }
                return Array(try BinaryEncoding.encoded(indexKey, with: writer))
            },
            describedKey: { row in key(row).map(Self.describe) ?? "" })
    }

    /// The index `name`, keyed by the pair `key` makes of each row (nil: the row is not in the
    /// index), ordered by its first value, then its second: the same order and the same
    /// entries as a key struct of these two fields, without declaring one. A prefix read of
    /// the index takes a value of the first.
    ///
    /// ```swift
    /// static let byArtist = TableIndex<SongRow>("by-artist") { song in
    ///     song.artistId.map { ($0, CaseFolded(song.title)) }
    /// }
    /// ```
    @inlinable
    public init<First: Encodable & Sendable, Second: Encodable & Sendable>(
        _ name: String, unique: Bool = false, rule: String? = nil,
        key: @escaping @Sendable (Row) -> (First, Second)?
    ) {
        self.init(
            name, unique: unique, rule: rule,
            encodedKey: { row, writer throws(LedgerError) in
                guard let (first, second) = key(row) else { return nil }
                return Array(try BinaryEncoding.encoded(first, second, with: writer))
            },
            describedKey: { row in key(row).map { "\(Self.describe($0.0)), \(Self.describe($0.1))" } ?? "" })
    }

    @usableFromInline
    init(
        _ name: String, unique: Bool, rule: String?,
        encodedKey: @escaping @Sendable (Row, BinaryWriter) throws(LedgerError) -> [UInt8]?,
        describedKey: @escaping @Sendable (Row) -> String
    ) {
        self.name = name
        isUnique = unique
        self.rule = rule ?? "\(name) must be unique"
        self.encodedKey = encodedKey
        self.describedKey = describedKey
    }
}

extension TableIndex {
    /// An index key as a message shows it: text quoted, the fields of a struct one after
    /// another.
    @usableFromInline
    static func describe(_ value: Any) -> String {
        if let text = value as? String { return "\"\(text)\"" }
        if let name = value as? CaseFolded { return name.description }
        let fields = Mirror(reflecting: value).children
        guard fields.isEmpty else { return fields.map { describe($0.value) }.joined(separator: ", ") }
        return String(describing: value)
    }
}

/// A name in an index key, compared and ordered ignoring case, as the ledger orders names
/// (`NameOrder`): `CaseFolded("Mammal")` and `CaseFolded("MAMMAL")` are the same key.
/// Messages show the name as it was written.
public struct CaseFolded: Encodable, Sendable, CustomStringConvertible {
    /// The name as written.
    public let name: String

    /// The name `name`, compared ignoring case.
    public init(_ name: String) {
        self.name = name
    }

    /// Encodes the name's ordering key, `NameOrder.key(name)`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(NameOrder.key(name))
    }

    /// The name as written, quoted.
    public var description: String { "\"\(name)\"" }
}
