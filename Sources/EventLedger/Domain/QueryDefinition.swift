/// A named query over a read model, as the CLI offers it (`ledger query NAME [ARG] [--flag]`).
public struct QueryDefinition: Sendable {
    /// The arguments of one run of a query.
    public struct Input: Sendable {
        /// The positional argument (an entity id), when the query takes one.
        public let argument: String?
        /// The flags given, without their `--` (e.g. `orphans`).
        public let flags: Set<String>

        /// Input with an optional argument and flags.
        public init(argument: String? = nil, flags: Set<String> = []) {
            self.argument = argument
            self.flags = flags
        }
    }

    /// The query name, e.g. `artist-songs`.
    public let name: String
    /// The name of the positional argument (e.g. `ARTIST`), or nil when the query takes none.
    public let argumentName: String?
    /// Flags the query accepts, without `--`.
    public let flags: [String]
    /// One line describing the query, for `--help`.
    public let summary: String
    /// Runs the query; throws `LedgerError` `.notFound` for an entity that does not exist.
    public let run: @Sendable (Input, ReadModelReader) throws -> QueryResult

    /// Defines a query.
    public init(
        name: String, argumentName: String? = nil, flags: [String] = [], summary: String,
        run: @escaping @Sendable (Input, ReadModelReader) throws -> QueryResult
    ) {
        self.name = name
        self.argumentName = argumentName
        self.flags = flags
        self.summary = summary
        self.run = run
    }
}

/// A query's answer in both its forms: JSON (`--json`) and a readable table.
public struct QueryResult: Sendable {
    /// The JSON form, the shape `ledger query --json` prints.
    public let json: JSONValue
    /// An optional heading line printed above the table (e.g. the artist's name).
    public let title: String?
    /// Column headings of the table.
    public let columns: [String]
    /// Table rows, one string per column, made when asked for: a caller reading the JSON
    /// form alone does not pay for them.
    public var rows: [[String]] { makeRows() }
    private let makeRows: @Sendable () -> [[String]]

    /// A result with its JSON form and table form (`rows` is evaluated when the rows are read).
    public init(json: JSONValue, title: String? = nil, columns: [String], rows: @autoclosure @escaping @Sendable () -> [[String]]) {
        self.json = json
        self.title = title
        self.columns = columns
        makeRows = rows
    }

    /// A result whose JSON form is `value` encoded (fields by their names, nil ones left out),
    /// with its table form.
    public init(
        encoding value: some Encodable, title: String? = nil, columns: [String],
        rows: @autoclosure @escaping @Sendable () -> [[String]]
    ) throws(LedgerError) {
        self.init(json: try PayloadEncoder.json(of: value), title: title, columns: columns, rows: rows())
    }
}
