import EventLedger

/// Prints what an append or a session commit did.
enum AppendReport {
    /// `--json`: {"commit","positions","recordedAt","assigned"}, where `assigned` is, for a
    /// batch, one object of assigned ids per event, and otherwise one object of every id the
    /// commit assigned (`{}` when none); without `--json`, one line and the assigned ids. A
    /// commit queued while the primary was unreachable has `"commit": null`, no positions
    /// and `"pending"`, its pending commit's number; its line says it is pending.
    static func print(_ result: AppendResult, batch: Bool, context: CommandContext) throws {
        if context.json {
            let assigned: [JSONValue] = result.assignedIDs.map { .object($0.mapValues { .string($0) }) }
            let allAssigned = result.assignedIDs.reduce(into: [String: JSONValue]()) { all, ids in
                for (field, id) in ids { all[field] = .string(id) }
            }
            var object: [String: JSONValue] = [
                "commit": result.pendingCommit == nil ? .int(Int64(result.commit)) : .null,
                "positions": .array(result.positions.map { .int(Int64($0)) }),
                "recordedAt": .string(result.recordedAt.description),
                "assigned": batch ? .array(assigned) : .object(allAssigned),
            ]
            if let pending = result.pendingCommit { object["pending"] = .int(Int64(pending)) }
            try context.output.json(.object(object))
            return
        }
        if let pending = result.pendingCommit {
            try context.output.line("pending commit \(pending) queued at \(result.recordedAt): the primary is unreachable; `sync` sends it")
        } else {
            try printCommitted(result, context: context)
        }
        for ids in result.assignedIDs {
            for (field, id) in ids.sorted(by: { $0.key < $1.key }) { try context.output.line("assigned \(field) \(id)") }
        }
    }

    /// The line of a commit appended: its number, time and positions.
    private static func printCommitted(_ result: AppendResult, context: CommandContext) throws {
        let positions = result.positions
        let contiguous = positions.count > 2 && zip(positions, positions.dropFirst()).allSatisfy { $0 + 1 == $1 }
        let listed = contiguous ? "\(positions[0])-\(positions[positions.count - 1])" : positions.map(String.init).joined(separator: ", ")
        let retry = result.appended ? "" : " (already in the log, nothing appended)"
        try context.output.line("commit \(result.commit) at \(result.recordedAt): position\(positions.count == 1 ? "" : "s") \(listed)\(retry)")
    }
}
