import EventLedger

/// `ledger import FILE|-`.
enum ImportCommand {
    static let command = Command(
        name: "import",
        summary: "append the events of another ledger's export",
        help: """
            usage: ledger import FILE|- [--rehash] [--json]

            Appends the NDJSON envelopes of another ledger's export, all or nothing: a bad
            line appends nothing and the error names it. Events keep their ids, types, data,
            metadata and commit times, and get new positions here; each exported commit stays
            one commit. A commit time more than 5 minutes ahead of this machine's clock is
            refused (exit 4): every later commit would be stamped with it.

            An undo's metadata undoes=N is rewritten to the number the undone commit has
            here: the commit it became when the file holds it before the undo, or the commit
            already holding its events. An undo of a commit this ledger is not known to hold
            (not in the file before it, and this ledger's log up to the file's first line
            is not the exporting ledger's) is refused (exit 4): import an export holding it.

            Events already in the log under their id are skipped, so importing a file twice
            appends nothing the second time; an id already naming another event (other type,
            stream or data) is refused (exit 4). References to entities not yet known are
            accepted (an event naming an entity the file creates later): the read models show
            it under that entity once it arrives. A line may hold at most 1 MiB (1,048,576
            bytes): a longer one is refused (exit 4) as soon as the reading passes the limit.
            The file is read, checked and appended as it goes, in one write: memory holds
            neither the file nor a whole commit, and the import stops at the first refused
            line. Standard input, which cannot be read twice, is kept in memory as it came.
            A ledger that does not exist yet is built beside its path (as PATH.creating-PID,
            with the disk space of its map reserved first) and appears only once the import
            is complete: a refused or killed import leaves no ledger.

            Each line's hash must chain: match its event and the hash of the line holding the
            position before it (position 1 chains from zeros). An edited line, a malformed
            hash, or a second line whose predecessor is missing is refused (exit 4). The
            first line of a partial export (export --from P) follows a hash the file cannot
            show, so only its form is checked there.
              --rehash   the file was rewritten on purpose: ignore its hashes (the ledger
                         hashes every event it appends either way)
              --json     print {"appended","duplicates","commits"}
            """,
        options: OptionSpec(flags: ["json", "rehash"]),
        run: run
    )

    static func run(_ context: CommandContext) throws {
        try context.arguments.requirePositionals(["FILE"], command: "import")
        let envelopes = try NDJSONStream(path: context.arguments.positionals[0], decoder: .envelopes)
        let options = try context.ledgerOptions(.write)
        let rehash = context.arguments.has("rehash")
        let report = try envelopes.locating {
            try Ledger.build(
                at: context.ledgerPath, domains: context.program.domains, options: options,
                importing: envelopes, rehash: rehash)
        }
        if context.json {
            try context.output.json(
                .object([
                    "appended": .int(Int64(report.appended)), "duplicates": .int(Int64(report.duplicates)),
                    "commits": .int(Int64(report.commits)),
                ]))
        } else {
            try context.output.line("imported \(report.appended) events in \(report.commits) commits (\(report.duplicates) already present)")
        }
    }
}

extension LineDecoder where Value == ImportedEvent {
    /// The lines of an export: one envelope each. An envelope's fixed fields (id, hash, time,
    /// names) alone take about 256 bytes, so the input's size over that is at least the
    /// number of events of a typical export.
    static var envelopes: Self { .members(ImportedEvent.init(members:), leastBytesPerLine: 256) }
}
