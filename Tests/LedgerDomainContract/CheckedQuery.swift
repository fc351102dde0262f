import EventLedger

/// A query whose answers a test compares: its name, argument and flags.
public struct CheckedQuery: Sendable, CustomStringConvertible {
    /// The query's name, e.g. `category-animals`.
    public let name: String
    /// Its argument, e.g. a category id.
    public let argument: String?
    /// Its flags, e.g. `uncategorized`.
    public let flags: Set<String>

    /// The query `name` with `argument` and `flags`.
    public init(_ name: String, _ argument: String? = nil, flags: Set<String> = []) {
        self.name = name
        self.argument = argument
        self.flags = flags
    }

    /// `name argument --flag…`, for failure messages.
    public var description: String { ([name] + [argument].compactMap { $0 } + flags.sorted().map { "--\($0)" }).joined(separator: " ") }

    private var input: QueryDefinition.Input { QueryDefinition.Input(argument: argument, flags: flags) }

    /// The query's JSON answer as of `point` (nil: now), or its error's kind and message.
    public func answer(_ ledger: Ledger, asOf point: LogPoint?) -> String {
        do throws(LedgerError) {
            let result: QueryResult
            if let point { result = try ledger.query(name, input, asOf: point) } else { result = try ledger.query(name, input) }
            return result.json.serializedString()
        } catch {
            return Self.answer(failingWith: error)
        }
    }

    /// The query's table as `ledger query` prints it now, or nil when it fails.
    func table(_ ledger: Ledger) -> QueryTable? {
        guard let result = try? ledger.query(name, input) else { return nil }
        return QueryTable(title: result.title, columns: result.columns, rows: result.rows)
    }

    /// The query's JSON answer on `readModel`, run as the one of `definitions` (a domain's
    /// queries) that bears its name, or its error's kind and message, as a ledger gives them.
    public func answer(in readModel: ReadModelReader, of definitions: [QueryDefinition]) -> String {
        guard let definition = definitions.first(where: { $0.name == name }) else { return "invalidInput: no query is called \(name)" }
        do {
            return try definition.run(input, readModel).json.serializedString()
        } catch let error as LedgerError {
            return Self.answer(failingWith: error)
        } catch {
            return Self.answer(failingWith: LedgerError(.storage, "\(error)"))
        }
    }

    private static func answer(failingWith error: LedgerError) -> String { "\(error.kind): \(error.message)" }
}
