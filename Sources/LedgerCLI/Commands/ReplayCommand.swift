import EventLedger

/// `ledger replay --to P --out PATH`.
enum ReplayCommand {
    static let command = Command(
        name: "replay",
        summary: "write a new ledger holding the log up to a position",
        help: """
            usage: ledger replay --to P --out PATH

            Writes a new, fully usable ledger at PATH (which must not exist) holding this
            ledger's log up to position P, records copied as they are, and its read models
            rebuilt: its queries equal `ledger query … --as-of P` on this ledger.
            """,
        options: OptionSpec(valued: ["to", "out"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        try arguments.requirePositionals([], command: "replay")
        guard let to = arguments.value("to") else { throw UsageError("missing option --to P", command: "replay") }
        guard let out = arguments.value("out") else { throw UsageError("missing option --out PATH", command: "replay") }
        let position = try positiveNumber(to, option: "to")
        let replayed = try context.openLedger(.read).replay(to: position, into: out)
        let head = try replayed.head()
        try context.output.line("wrote \(out): \(head.position) events in \(head.commit) commits")
    }
}
