/// The coded shape of a read-model table's keys and rows: what their `Codable` conformances
/// read, described without a value. `key` and `row` are text such as `{name: string, tags:
/// [string], note: string?}`: the fields in the order they are read, each with the kind of
/// value the binary forms store (`string`, `bool`, `int`, `uint`, `double`), arrays, nesting,
/// and `?` for a value that may be nil. A key or row type with `BinaryFields` writes the bytes
/// of its `Codable` conformance, so it is described through that conformance.
///
/// A ledger file records the shapes of a read model's tables when the read model is built.
/// Opening the file for writing with tables of other shapes, or with a table the read model
/// did not have, while the domain's `LedgerDomain.readModelVersion` is the one recorded, is
/// refused before anything is written: the stored rows would be read as something else, or a
/// new table would miss the rows of the events before it. Raising `readModelVersion` has the
/// read model rebuilt instead.
///
/// The table's indexes are part of its shape, by name (an index added or removed changes
/// it), each marked `unique` when it is: their entries hold a copy of the row. What an index's
/// key closure makes is not described: changing it without renaming the index goes unnoticed.
///
/// A type whose decoding refuses the placeholder values it is given (other than a
/// `CaseIterable` enum, taken as its first case) is described up to that value, which names
/// its type: a change after it goes unnoticed.
public struct TableShape: Sendable, CustomStringConvertible {
    /// The key type.
    let keyType: ObjectIdentifier
    /// The row type.
    let rowType: ObjectIdentifier
    private let describeKey: @Sendable () -> String
    private let describeRow: @Sendable () -> String
    private let describeIndexes: @Sendable () -> String

    /// The shape of the keys and rows that `key` and `row` write and read, with `indexes`.
    init<Key, Row>(key: BinaryCoding<Key>, row: BinaryCoding<Row>, indexes: [StoredIndex<Row>]) {
        keyType = ObjectIdentifier(Key.self)
        rowType = ObjectIdentifier(Row.self)
        describeKey = key.shape
        describeRow = row.shape
        describeIndexes = {
            indexes.map { $0.declaration.isUnique ? "\($0.declaration.name) unique" : $0.declaration.name }.joined(separator: ", ")
        }
    }

    /// The shape of the keys, described now.
    public var key: String { describeKey() }
    /// The shape of the rows, described now.
    public var row: String { describeRow() }
    /// The table's indexes: their names, in the order declared, each followed by `unique` when
    /// it is; empty without any.
    public var indexes: String { describeIndexes() }

    /// `keys SHAPE, rows SHAPE`, then `, indexes [INDEXES]` when the table has indexes.
    public var description: String { described.description }

    /// The shapes of the keys and rows and the indexes, described now.
    var described: DescribedShape { DescribedShape(key: key, row: row, indexes: indexes) }
}

/// The shapes of a table's keys and rows, and its indexes, as text (see `TableShape`).
struct DescribedShape: Equatable, Sendable, CustomStringConvertible {
    /// The shape of the keys.
    let key: String
    /// The shape of the rows.
    let row: String
    /// The indexes.
    let indexes: String

    /// `keys SHAPE, rows SHAPE`, then `, indexes [INDEXES]` when the table has indexes.
    var description: String { "keys \(key), rows \(row)" + (indexes.isEmpty ? "" : ", indexes [\(indexes)]") }
}
