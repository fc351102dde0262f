/// A query's answer in both its forms, made from its rows, values of an `Encodable` type:
/// JSON (`--json`), the rows encoded with every field they encode (a nil one as null), and
/// a readable table with a column for each field, in the order the rows encode them.
public struct QueryResult: Sendable {
    /// The JSON form, the shape `ledger query --json` prints.
    public let json: JSONValue
    /// An optional heading line printed above the table (e.g. the artist's name).
    public let title: String?
    /// Column headings of the table: one for each key the rows encode, in the order they
    /// encode them (none when there are no rows).
    public var columns: [String] { tableColumns.map(\.heading) }
    /// Table rows, one text per column, made when asked for: a caller reading the JSON form
    /// alone does not pay for them.
    public var rows: [[String]] {
        encodedRows.map { row in tableColumns.map { column in column.format.render(row.field(column.key)) } }
    }

    private let tableColumns: [QueryColumn]
    private let encodedRows: [JSONValue]

    /// The result whose JSON form is the array of `rows`, each encoded, and whose table shows
    /// them, a row each. `columns` describes the columns shown other than by default (a
    /// heading, a format); a description of a key the rows do not encode is unused.
    public init<Row: Encodable>(rows: [Row], title: String? = nil, columns: [QueryColumn] = []) throws(LedgerError) {
        try self.init(json: nil, rows: rows, title: title, columns: columns)
    }

    /// The result whose JSON form is `whole` encoded, an object with a list of rows inside,
    /// and whose table shows the rows at `rows`, a row each (e.g. an artist and its songs).
    /// `columns` describes the columns shown other than by default, as for `init(rows:title:columns:)`.
    public init<Whole: Encodable, Row: Encodable>(
        _ whole: Whole, rows: KeyPath<Whole, [Row]>, title: String? = nil, columns: [QueryColumn] = []
    ) throws(LedgerError) {
        try self.init(json: QueryRowEncoder.encode(whole).json, rows: whole[keyPath: rows], title: title, columns: columns)
    }

    /// The rows encoded, with their JSON form `json`, or their array when nil.
    private init<Row: Encodable>(json: JSONValue?, rows: [Row], title: String?, columns: [QueryColumn]) throws(LedgerError) {
        var encodedRows: [JSONValue] = []
        var keys: [String] = []
        var seenKeys = Set<String>()
        encodedRows.reserveCapacity(rows.count)
        for row in rows {
            let (value, rowKeys) = try QueryRowEncoder.encode(row)
            encodedRows.append(value)
            for key in rowKeys ?? [""] where seenKeys.insert(key).inserted { keys.append(key) }
        }
        let described = Dictionary(columns.map { ($0.key, $0) }, uniquingKeysWith: { $1 })
        self.json = json ?? .array(encodedRows)
        self.title = title
        self.tableColumns = keys.map { described[$0] ?? QueryColumn($0) }
        self.encodedRows = encodedRows
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
