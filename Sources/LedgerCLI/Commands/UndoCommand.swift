import EventLedger

/// `ledger undo COMMIT [--json]`.
enum UndoCommand {
    static let command = Command(
        name: "undo",
        summary: "append one commit that undoes an earlier commit",
        help: """
            usage: ledger undo COMMIT [--json]

            Appends one commit returning every entity COMMIT changed (its events' entities and
            those their effects reached, such as the animals a category's deletion took) to its
            state just before COMMIT: a deleted entity comes back with the same id, names and
            links. Its events carry the metadata undoes=COMMIT, which history shows; undoing
            that commit in turn redoes.
            Exit 3, appending nothing, when a later commit changed one of those entities (it is
            named); exit 1 when restoring breaks a rule now (a name taken since) or COMMIT does
            not exist; exit 2 when COMMIT is not a commit number (digits only, from 1).
            A commit that changed nothing undo can return appends nothing (exit 0).
              --json   print the new commit as append --json does; {"commit":null} when nothing
                       was appended
            """,
        options: OptionSpec(flags: ["json"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        let arguments = context.arguments
        try arguments.requirePositionals(["COMMIT"], command: "undo")
        guard let commit = countingNumber(arguments.positionals[0]) else {
            throw UsageError("COMMIT: expected a commit number from 1 to \(Int64.max), got \"\(arguments.positionals[0])\"", command: "undo")
        }
        if let result = try context.openLedger(.update).undo(commit: commit) {
            try AppendReport.print(result, batch: false, context: context)
        } else if context.json {
            try context.output.json(.object(["commit": .null]))
        } else {
            try context.output.line("commit \(commit) changed nothing undo can return: nothing appended")
        }
    }
}
