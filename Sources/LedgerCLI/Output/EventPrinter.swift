import EventLedger

/// Prints log events as NDJSON envelopes (`--json`) or as a table, streaming.
struct EventPrinter {
    let output: StandardOutput
    let json: Bool
    private var rows: [[String]] = []

    init(output: StandardOutput, json: Bool) {
        self.output = output
        self.json = json
    }

    /// Prints (or collects, for the table) one event.
    mutating func add(_ event: RecordedEvent) throws {
        if json {
            try output.json(event.envelope)
        } else {
            rows.append([String(event.position), String(event.commit), event.recordedAt.description,
                         event.stream, String(event.version), event.type, event.data.serializedString()])
        }
    }

    /// Prints the table collected so far.
    func finish() throws {
        guard !json else { return }
        let columns = ["POSITION", "COMMIT", "RECORDED AT", "STREAM", "VERSION", "TYPE", "DATA"]
        for line in TextTable.render(columns: columns, rows: rows) { try output.line(line) }
    }
}
