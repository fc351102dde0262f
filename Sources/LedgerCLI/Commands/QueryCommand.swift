import EventLedger

/// `ledger query MODEL [ARG] [FLAGS] [--json]`.
enum QueryCommand {
    static let command = Command(
        name: "query",
        summary: "print a read model",
        help: """
        usage: ledger query MODEL [ARG] [--orphans|--uncategorized] [--as-of P|T] [--session ID] [--json]

        Prints a read model as a table, or as JSON with --json.
        Models:
          artists                      artists with their song counts
          artist-songs ARTIST          one artist and its songs
          songs [--orphans]            all songs; --orphans: without a live artist
          categories                   categories with their animal counts
          category-animals CATEGORY    one category and its animals
          animals [--uncategorized]    all animals; --uncategorized: without a live category
          favorites                    favourite dishes, oldest first
        Lists by name or title ignore case (echoes beside Echoes, Straße beside STRASSE),
        then go by id.
        --as-of P    the state after every event with position <= P
        --as-of T    the state after every commit recorded at or before the ISO-8601 time T
                     (e.g. 2026-11-29T23:10:00Z, with fractional seconds or an offset)
        --session ID the read model as if that form session were committed
        A query for an entity that does not exist exits 1.
        """,
        options: OptionSpec(flags: ["json", "orphans", "uncategorized"], valued: ["session", "as-of"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        guard let model = arguments.positionals.first else { throw UsageError("missing argument MODEL", command: "query") }
        let ledger = try context.openLedger(arguments.value("session") == nil ? .read : .update)
        let definition = try ledger.queryDefinition(model)
        let argumentNames = ["MODEL"] + (definition.argumentName.map { [$0] } ?? [])
        try arguments.requirePositionals(argumentNames, command: "query")
        var flags = Set<String>()
        for flag in ["orphans", "uncategorized"] where arguments.has(flag) {
            guard definition.flags.contains(flag) else {
                throw UsageError("option --\(flag) does not apply to \(model)", command: "query")
            }
            flags.insert(flag)
        }
        let input = QueryDefinition.Input(argument: arguments.positionals.dropFirst().first, flags: flags)
        let result: QueryResult
        switch (arguments.value("session"), try arguments.value("as-of").map(logPoint)) {
        case (.some, .some): throw UsageError("--as-of and --session cannot be combined", command: "query")
        case (.some(let session), nil): result = try ledger.session(session).query(model, input)
        case (nil, .some(let point)): result = try ledger.query(model, input, asOf: point)
        case (nil, nil): result = try ledger.query(model, input)
        }
        try print(result, to: context)
    }

    private static func logPoint(_ text: String) throws -> LogPoint {
        guard let point = LogPoint(text) else {
            throw LedgerError(.invalidInput, "--as-of: expected a position (0 to \(Int64.max)) or an ISO-8601 time, got \"\(text)\"")
        }
        return point
    }

    static func print(_ result: QueryResult, to context: CommandContext) throws {
        if context.json {
            try context.output.json(result.json)
            return
        }
        if let title = result.title { try context.output.line(title) }
        for line in TextTable.render(columns: result.columns, rows: result.rows) { try context.output.line(line) }
    }
}
