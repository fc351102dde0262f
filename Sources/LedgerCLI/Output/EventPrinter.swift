import EventLedger

/// Prints log events as NDJSON envelopes (`--json`) or as a table, streaming; the table has
/// a METADATA column (`key=value` pairs) when an event has metadata, such as an undo's `undoes`.
/// The table shows every cell as visible text (see `VisibleText`); the envelopes are exact.
struct EventPrinter {
    let output: StandardOutput
    let json: Bool
    private var rows: [[VisibleText]] = []

    init(output: StandardOutput, json: Bool) {
        self.output = output
        self.json = json
    }

    /// Prints (or collects, for the table) one event.
    mutating func add(_ event: RecordedEvent) throws {
        if json {
            try output.json(event.envelope)
        } else {
            rows.append(
                Self.row(
                    String(event.position), String(event.commit), event.recordedAt, event.stream, String(event.version), event.type,
                    event.data, event.metadata))
        }
    }

    /// Prints (or collects) the events of pending commit `commit` that `include` keeps (given
    /// each one's stream and type), after the log's: with `--json` as
    /// `PendingCommit.envelopes`, in the table marked `pending` where a position would be, the
    /// commit as `pending N` and no version.
    mutating func add(pending commit: PendingCommit, where include: (_ stream: String, _ type: String) -> Bool = { _, _ in true }) throws {
        let envelopes = json ? commit.envelopes : []
        for (index, event) in commit.events.enumerated() where include(commit.streams[index], event.type) {
            if json {
                try output.json(envelopes[index])
            } else {
                rows.append(
                    Self.row(
                        "pending", "pending \(commit.id)", commit.queuedAt, commit.streams[index], "-", event.type,
                        .object(event.payload), event.metadata))
            }
        }
    }

    /// One event's row of the table, its metadata as sorted `key=value` pairs.
    private static func row(
        _ position: String, _ commit: String, _ time: Timestamp, _ stream: String, _ version: String, _ type: String,
        _ data: JSONValue, _ metadata: [String: String]
    ) -> [VisibleText] {
        [position, commit, time.description, stream, version, type].map(VisibleText.init) + [
            VisibleText(json: data),
            VisibleText(metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")),
        ]
    }

    /// Prints the table collected so far.
    func finish() throws {
        guard !json else { return }
        var columns = ["POSITION", "COMMIT", "RECORDED AT", "STREAM", "VERSION", "TYPE", "DATA", "METADATA"]
        var rows = rows
        if rows.allSatisfy({ $0[7].text.isEmpty }) {
            columns.removeLast()
            for index in rows.indices { rows[index].removeLast() }
        }
        for line in TextTable.render(columns: columns, rows: rows) { try output.line(line) }
    }
}
