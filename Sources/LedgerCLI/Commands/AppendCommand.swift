import EventLedger

/// `ledger append TYPE [JSON] …` and `ledger append --batch FILE|-`.
enum AppendCommand {
    static let command = Command(
        name: "append",
        summary: "append events (one, or a batch as one commit)",
        help: """
            usage: ledger append TYPE [JSON] [--expect N|none|any] [--id UUID] [--meta K=V]... [--json]
                   ledger append --batch FILE|- [--json]

            Appends one event of TYPE with the JSON payload (read from standard input when
            absent), or every line of an NDJSON batch file as ONE commit: all or nothing. The
            file is read, checked and appended as it goes, so memory never holds it whole
            (standard input, which cannot be read twice, is kept as it came), and the first
            refused line is the one named. A batch into a ledger that does not exist yet
            builds its file whole: a refused one leaves none.
            Batch lines: {"type":T,"data":{...},"id":UUID?,"expect":N|"none"|"any"?,"metadata":{...}?}
            A payload, and a line of a batch file, may hold at most 1 MiB (1,048,576 bytes): a
            longer one is refused (exit 4) as soon as the reading passes the limit.
              --expect V   the version the event's stream must be at (none: must not exist)
              --id UUID    the event id; appending the same event (type, stream and data;
                           metadata aside) under an id already in the log or batch appends
                           nothing and reports the original position; another event under
                           that id is refused (exit 4)
              --meta K=V   metadata stored with the event (repeatable)
              --json       print {"commit","positions","recordedAt","assigned"}; "assigned" holds
                           the ids the ledger gave to created entities left without one (for a
                           batch, one object per event)
            """,
        options: OptionSpec(flags: ["json"], valued: ["expect", "id", "batch"], repeated: ["meta"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        if let batchPath = arguments.value("batch") {
            try arguments.requirePositionals([], command: "append")
            for option in ["expect", "id"] where arguments.value(option) != nil {
                throw UsageError("option --\(option) cannot be used with --batch; put it on the batch line", command: "append")
            }
            guard arguments.all("meta").isEmpty else { throw UsageError("option --meta cannot be used with --batch", command: "append") }
            let events = try NDJSONStream(path: batchPath, decoder: BatchFile.lines)
            let options = try context.ledgerOptions(.write)
            let result = try events.locating {
                try Ledger.build(at: context.ledgerPath, domains: context.program.domains, options: options, appending: events)
            }
            try AppendReport.print(result, batch: true, context: context)
            return
        }
        try arguments.requirePositionals(["TYPE", "JSON"], optional: 1, command: "append")
        let type = arguments.positionals[0]
        var event = PendingEvent(type: type, payload: try PayloadInput.object(arguments.positionals.dropFirst().first, command: "append"))
        if let expect = arguments.value("expect") {
            guard let parsed = ExpectedVersion(expect), parsed.fitsInt64 else {
                throw LedgerError(.invalidInput, "--expect: expected a version number, none or any, got \"\(expect)\"")
            }
            event.expect = parsed
        }
        if let id = arguments.value("id") {
            guard let parsed = EventID(id) else { throw LedgerError(.invalidInput, "--id: \"\(id)\" is not a UUID") }
            event.id = parsed
        }
        for pair in arguments.all("meta") {
            guard let equals = pair.firstIndex(of: "="), equals != pair.startIndex else {
                throw LedgerError(.invalidInput, "--meta: expected KEY=VALUE, got \"\(pair)\"")
            }
            event.metadata[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        try AppendReport.print(context.openLedger(.write).append([event]), batch: false, context: context)
    }
}

private extension ExpectedVersion {
    /// Whether a numeric expectation is within the range the ledger stores.
    var fitsInt64: Bool {
        if case .exactly(let version) = self { return version <= UInt64(Int64.max) }
        return true
    }
}
