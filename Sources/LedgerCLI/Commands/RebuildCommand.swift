import EventLedger

/// `ledger rebuild [READ-MODEL...] [--quiet]`.
enum RebuildCommand {
    /// The command for `program`: its help names the read models of the program's domains.
    static func command(for program: Program) -> Command {
        Command(
            name: "rebuild",
            summary: "drop and rebuild read models from the log",
            help: """
                usage: ledger rebuild [READ-MODEL...] [--quiet]

                Drops the named read models and rebuilds them from the log, each in one transaction;
                readers see a read model's old state until its new one commits. Shows progress on
                stderr (a bar on a terminal, plain lines otherwise; nothing with --quiet) and prints
                the events per second at the end.
                Read models (all when none is named): \(program.domains.map(\.readModelName).joined(separator: ", "))
                """,
            options: OptionSpec(flags: ["quiet"]),
            run: run
        )
    }

    static func run(_ context: CommandContext) throws {
        let ledger = try context.openLedger(.update)
        let names = context.arguments.positionals
        var meter = ProgressMeter(label: "rebuild", quiet: context.arguments.has("quiet"), descriptor: context.program.errorDescriptor)
        let report = try ledger.rebuild(names) { applied, total in meter.update(applied, of: total) }
        meter.finish()
        let rate = Int(report.eventsPerSecond.rounded())
        try context.output.line(
            "rebuilt \(report.readModels.joined(separator: ", ")) from \(report.events) events "
                + "in \(Self.format(report.seconds)) s (\(rate) events/s)")
    }

    private static func format(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
