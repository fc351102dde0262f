import EventLedger

/// `ledger pending [--refused] [--json]`, `ledger pending discard|retry ID [--json]`.
enum PendingCommand {
    static let command = Command(
        name: "pending",
        summary: "list, retry or discard commits queued while the primary was unreachable",
        help: """
            usage: ledger pending [--refused] [--json]
                   ledger pending discard ID [--json]
                   ledger pending retry ID [--json]

            A write with --offline queue while the primary is unreachable is queued as a
            pending commit: reads show it at once, and the next sync sends it. Lists the
            pending commits in the order they were queued: number, time queued, whether it
            applies to this replica's state now (one that does not is left out of reads until
            the primary decides at the next sync), and its events (type, stream, id, data).
              --refused  list the commits the primary refused instead: number, times queued
                         and refused, the exit code a write of it would have had (1 a rule,
                         3 a conflict, 4 invalid input), the reason, and its events
              --json     one JSON object per commit, NDJSON: {"pending","queuedAt",
                         "appliesLocally","events"} or {"refused","queuedAt","refusedAt",
                         "exit","reason","events"}; each event as log --json shows its type,
                         stream, data and id, with expect and metadata as a batch line has them
              discard ID drop pending commit ID without sending it (its edits leave reads),
                         else refused commit ID; exit 1 when neither list has ID. Prints the
                         commit dropped (with --json, as the list does).
              retry ID   queue refused commit ID again as a new pending commit, checked
                         against this replica's state as a write is (exit 1, 3 or 4 when that
                         fails, and it stays refused); prints the new pending commit's number
                         (with --json, {"pending"}).
            """,
        options: OptionSpec(flags: ["refused", "json"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        guard let action = arguments.positionals.first else {
            try arguments.requirePositionals([], command: "pending")
            return try list(context)
        }
        guard ["discard", "retry"].contains(action) else {
            throw UsageError("unknown pending action \"\(action)\" (discard or retry)", command: "pending")
        }
        if arguments.has("refused") { throw UsageError("option --refused does not apply to pending \(action)", command: "pending") }
        try arguments.requirePositionals(["ACTION", "ID"], command: "pending")
        guard let id = countingNumber(arguments.positionals[1]) else {
            throw UsageError("ID: expected a commit number from 1 to \(Int64.max), got \"\(arguments.positionals[1])\"", command: "pending")
        }
        let ledger = try context.openLedger(.update)
        if action == "discard" { try discard(id, ledger, context) } else { try retry(id, ledger, context) }
    }

    /// Prints the pending commits, or with `--refused` the refused ones.
    private static func list(_ context: CommandContext) throws {
        let ledger = try context.openLedger(.read)
        let report = PendingCommitReport(context: context)
        if context.arguments.has("refused") {
            let refused = try ledger.refusedCommits()
            if refused.isEmpty, !context.json { try context.output.line("no refused commits") }
            for commit in refused { try report.print(commit) }
        } else {
            let pending = try ledger.pendingCommits()
            if pending.isEmpty, !context.json { try context.output.line("no pending commits") }
            for commit in pending { try report.print(commit) }
        }
    }

    /// Drops pending commit `id`, else refused commit `id`, and prints it (with `--json`, as
    /// the list does); `.notFound` when neither list has it.
    private static func discard(_ id: UInt64, _ ledger: Ledger, _ context: CommandContext) throws {
        let report = PendingCommitReport(context: context)
        if let pending = try unlessNotFound({ () throws(LedgerError) in try ledger.discardPending(id) }) {
            guard context.json else {
                return try context.output.line("discarded pending commit \(id) (\(counted(pending.events.count, "event")))")
            }
            return try report.print(pending)
        }
        guard let refused = try unlessNotFound({ () throws(LedgerError) in try ledger.discardRefused(id) }) else {
            throw LedgerError(.notFound, "no pending or refused commit \(id)", subject: String(id))
        }
        guard context.json else {
            return try context.output.line("discarded refused commit \(id) (\(counted(refused.events.count, "event")))")
        }
        try report.print(refused)
    }

    /// What `body` returns; nil when it throws `.notFound`.
    private static func unlessNotFound<T>(_ body: () throws(LedgerError) -> T) throws(LedgerError) -> T? {
        do {
            return try body()
        } catch let error where error.kind == .notFound {
            return nil
        }
    }

    /// Queues refused commit `id` again and prints the new pending commit's number.
    private static func retry(_ id: UInt64, _ ledger: Ledger, _ context: CommandContext) throws {
        let pending = try ledger.retryRefused(id)
        if context.json {
            try context.output.json(.object(["pending": .int(Int64(pending))]))
        } else {
            try context.output.line("refused commit \(id) queued again as pending commit \(pending); `sync` sends it")
        }
    }
}
