import EventLedger

/// `ledger query QUERY [ARG] [FLAGS] [--json]`.
enum QueryCommand {
    /// The command for `program`: its help lists the queries of the program's domains, and
    /// it takes their flags.
    static func command(for program: Program) -> Command {
        let flags = program.queryFlags.sorted()
        return Command(
            name: "query",
            summary: "print the answer of a query",
            help: help(flags: flags, queries: program.queries),
            options: OptionSpec(flags: Set(["json", "confirmed"] + flags), valued: ["session", "as-of"]),
            run: run
        )
    }

    /// The help text, listing the queries and their `flags`.
    private static func help(flags: [String], queries: [QueryDefinition]) -> String {
        let flagsUsage = flags.isEmpty ? "" : " [" + flags.map { "--\($0)" }.joined(separator: "|") + "]"
        return """
            usage: ledger query QUERY [ARG]\(flagsUsage) [--as-of P|T] [--session ID] [--confirmed] [--json]

            Prints the answer of a query over the read models as a table, or as JSON with --json.
            Queries:
            \(queryLines(queries).joined(separator: "\n"))
            --as-of P    the state after every event with position <= P (exit 1 past the
                         end of the log)
            --as-of T    the state after every commit recorded at or before the ISO-8601 time T
                         (e.g. 2026-11-29T23:10:00Z, with fractional seconds or an offset)
            --session ID the answer as if that form session were committed
            --confirmed  on a replica, the answer from the primary's commits alone, without
                         the pending commits written while the primary was unreachable
                         (an --as-of answer never has them)
            A query for an entity that does not exist exits 1.
            """
    }

    /// One help line per query: its synopsis (name, argument, flags), then its summary.
    private static func queryLines(_ queries: [QueryDefinition]) -> [String] {
        let synopses = queries.map { query in
            ([query.name] + (query.argumentName.map { [$0] } ?? []) + query.flags.map { "[--\($0)]" }).joined(separator: " ")
        }
        let width = max(27, synopses.map(\.count).max() ?? 0)
        return zip(synopses, queries).map { synopsis, query in
            "  " + synopsis + String(repeating: " ", count: width - synopsis.count) + "  " + query.summary
        }
    }

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        guard let model = arguments.positionals.first else { throw UsageError("missing argument QUERY", command: "query") }
        let ledger = try context.openLedger(arguments.value("session") == nil ? .read : .update)
        let definition = try definition(model, of: ledger, context)
        let argumentNames = ["QUERY"] + (definition.argumentName.map { [$0] } ?? [])
        try arguments.requirePositionals(argumentNames, command: "query")
        var flags = Set<String>()
        for flag in context.program.queryFlags.sorted() where arguments.has(flag) {
            guard definition.flags.contains(flag) else {
                throw UsageError("option --\(flag) does not apply to \(model)", command: "query")
            }
            flags.insert(flag)
        }
        let input = QueryDefinition.Input(argument: arguments.positionals.dropFirst().first, flags: flags)
        let result: QueryResult
        switch (arguments.value("session"), try arguments.value("as-of").map(logPoint)) {
        case (.some, .some): throw UsageError("--as-of and --session cannot be combined", command: "query")
        case (.some(let session), nil):
            if arguments.has("confirmed") { throw UsageError("--confirmed and --session cannot be combined", command: "query") }
            result = try ledger.session(session).query(model, input)
        case (nil, .some(let point)):
            try requireWithinLog(point, ledger)
            result = try ledger.query(model, input, asOf: point)
        case (nil, nil): result = try ledger.query(model, input, confirmed: arguments.has("confirmed"))
        }
        try print(result, to: context)
    }

    /// The query called `model`; the refusal of a read model that an earlier version of its
    /// domain built names the command that rebuilds it.
    private static func definition(_ model: String, of ledger: Ledger, _ context: CommandContext) throws -> QueryDefinition {
        do {
            return try ledger.queryDefinition(model)
        } catch {
            guard let readModel = error.subject, ledger.readModelsOfEarlierVersions.contains(readModel) else { throw error }
            throw LedgerError(error.kind, error.message + " (`\(context.program.name) rebuild` does)", subject: readModel)
        }
    }

    private static func logPoint(_ text: String) throws -> LogPoint {
        guard let point = LogPoint(text) else {
            throw LedgerError(.invalidInput, "--as-of: expected a position (0 to \(Int64.max)) or an ISO-8601 time, got \"\(text)\"")
        }
        return point
    }

    /// Refuses a position past the end of the log (exit 1, naming the last position): no
    /// state exists there yet, and the library would answer with the current one.
    private static func requireWithinLog(_ point: LogPoint, _ ledger: Ledger) throws {
        guard case .position(let position) = point else { return }
        let last = try ledger.head().position
        guard position <= last else {
            throw LedgerError(.notFound, "position \(position) is past the end of the log (last position \(last))")
        }
    }

    static func print(_ result: QueryResult, to context: CommandContext) throws {
        if context.json {
            try context.output.json(result.json)
            return
        }
        if let title = result.title { try context.output.line(VisibleText(title).text) }
        for line in TextTable.render(columns: result.columns, rows: result.rows) { try context.output.line(line) }
    }
}
