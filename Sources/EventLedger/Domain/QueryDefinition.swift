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

    /// Defines a query that takes a positional argument, named `argumentName`: `run` is given
    /// it first, and a run without it is refused as `.invalidInput`, naming it.
    public init(
        name: String, argumentName: String, flags: [String] = [], summary: String,
        run: @escaping @Sendable (_ argument: String, Input, ReadModelReader) throws -> QueryResult
    ) {
        self.init(name: name, argumentName: Optional(argumentName), flags: flags, summary: summary) { input, readModel in
            guard let argument = input.argument else { throw LedgerError(.invalidInput, "\(name) needs its argument \(argumentName)") }
            return try run(argument, input, readModel)
        }
    }
}
