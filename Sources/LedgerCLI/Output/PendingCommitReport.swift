import EventLedger

/// Prints pending and refused commits: with `--json` one NDJSON object per commit, whose
/// events read as the log's envelopes do (type, stream, data, id; expect and metadata as a
/// batch line gives them, when the event has them); without it, a heading line per commit
/// and a table of its events.
struct PendingCommitReport {
    let context: CommandContext

    /// Prints `commit`: `{"pending","queuedAt","appliesLocally","events"}`.
    func print(_ commit: PendingCommit) throws {
        if context.json {
            try context.output.json(
                .object([
                    "pending": .int(Int64(commit.id)), "queuedAt": .string(commit.queuedAt.description),
                    "appliesLocally": .bool(commit.appliesLocally),
                    "events": .array(zip(commit.events, commit.streams).map(json)),
                ]))
            return
        }
        let applies = commit.appliesLocally ? "applies locally" : "does not apply locally now (the primary decides at the next sync)"
        try context.output.line("pending commit \(commit.id) queued at \(commit.queuedAt), \(applies)")
        try printEvents(commit.events, commit.streams)
    }

    /// Prints `commit`: `{"refused","queuedAt","refusedAt","exit","reason","events"}`, where
    /// `exit` is the exit code a write of it would have had now: 1 (a rule), 3 (a conflict)
    /// or 4 (invalid input).
    func print(_ commit: RefusedCommit) throws {
        let exit = ExitCode(for: commit.reason).rawValue
        if context.json {
            try context.output.json(
                .object([
                    "refused": .int(Int64(commit.id)), "queuedAt": .string(commit.queuedAt.description),
                    "refusedAt": .string(commit.refusedAt.description), "exit": .int(Int64(exit)),
                    "reason": .string(commit.reason.message), "events": .array(zip(commit.events, commit.streams).map(json)),
                ]))
            return
        }
        try context.output.line(
            "refused commit \(commit.id) queued at \(commit.queuedAt), refused at \(commit.refusedAt), "
                + "exit \(exit): \(VisibleText(commit.reason.message).text)")
        try printEvents(commit.events, commit.streams)
    }

    /// The table of `events` and their `streams`, indented under their commit's line.
    private func printEvents(_ events: [PendingEvent], _ streams: [String]) throws {
        let rows = zip(events, streams).map { event, stream in
            [
                VisibleText(event.type), VisibleText(stream), VisibleText(event.id?.description ?? ""),
                VisibleText(json: .object(event.payload)),
            ]
        }
        for line in TextTable.render(columns: ["TYPE", "STREAM", "ID", "DATA"], rows: rows) {
            try context.output.line("  " + line)
        }
    }

    /// `event` as the log's envelope shows its type, stream, data and id; with `expect` and
    /// `metadata` as a batch line gives them, when the event expects a version or has metadata.
    private func json(_ event: PendingEvent, _ stream: String) -> JSONValue {
        var object: [String: JSONValue] = [
            "type": .string(event.type), "stream": .string(stream), "data": .object(event.payload),
            "id": event.id.map { .string($0.description) } ?? .null,
        ]
        switch event.expect {
        case .any: break
        case .noStream: object["expect"] = .string(event.expect.description)
        case .exactly(let version): object["expect"] = .int(Int64(version))
        }
        if !event.metadata.isEmpty { object["metadata"] = .object(event.metadata.mapValues { .string($0) }) }
        return .object(object)
    }
}
