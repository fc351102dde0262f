/// A query's answer in both its forms, made from its rows, values of an `Encodable` type:
/// JSON (`--json`), the rows encoded with every field they encode (a nil one as null), and
/// a readable table with a column for each field, in the order the rows encode them.
public struct QueryResult: Sendable {
    /// The JSON form, the shape `ledger query --json` prints.
    public let json: JSONValue
    /// An optional heading line printed above the table (e.g. the artist's name).
    public let title: String?
    /// Column headings of the table: one for each key the rows encode, in the order they
    /// encode them. Without rows, those of a row type that is also `Decodable`: the keys its
    /// decoding reads, in that order (a synthesized conformance reads the keys it encodes);
    /// none for a row type that is only `Encodable`.
    public var columns: [String] { table.contents.columns.map(\.heading) }
    /// Table rows, one text per column, made when asked for: a caller reading the JSON form
    /// alone does not pay for them.
    public var rows: [[String]] {
        let table = table.contents
        return table.rows.map { row in table.columns.map { column in column.format.render(row.field(column.key)) } }
    }

    private let table: QueryTable

    /// The result whose JSON form is the array of `rows`, each encoded, and whose table shows
    /// them, a row each. `columns` describes the columns shown other than by default (a
    /// heading, a format); a description of a key the rows do not encode is unused.
    public init<Row: Encodable & Sendable>(rows: [Row], title: String? = nil, columns: [QueryColumn] = []) throws(LedgerError) {
        json = try QueryRowEncoder.json(of: rows)
        self.title = title
        table = QueryTable(rows: rows, described: columns)
    }

    /// The result whose JSON form is `whole` encoded, an object with a list of rows inside,
    /// and whose table shows the rows at `rows`, a row each (e.g. an artist and its songs),
    /// encoded again when the table is first asked for. `columns` describes the columns
    /// shown other than by default, as for `init(rows:title:columns:)`.
    public init<Whole: Encodable, Row: Encodable & Sendable>(
        _ whole: Whole, rows: KeyPath<Whole, [Row]>, title: String? = nil, columns: [QueryColumn] = []
    ) throws(LedgerError) {
        json = try QueryRowEncoder.json(of: whole)
        self.title = title
        table = QueryTable(rows: whole[keyPath: rows], described: columns)
    }
}

extension JSONValue {
    /// The value a table shows for the field `key` of a row: the member of an object (null
    /// when it has none); the row itself, when it is not an object, for the empty key.
    fileprivate func field(_ key: String) -> JSONValue {
        if case .object(let members) = self { return members[key] ?? .null }
        return key.isEmpty ? self : .null
    }
}
