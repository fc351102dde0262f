import Foundation
import LedgerCLITestSupport
import LedgerWorkload
import Testing

/// A writer killed with SIGKILL while its commit writes to the ledger file: the ledger it
/// leaves opens, verifies, holds whole commits only (an import or a batch is all or nothing),
/// and its read models equal a rebuild; and it takes new commits. A writer builds its
/// transaction in memory and writes it only as it commits, in a few milliseconds at the end:
/// the pages, a sync, then the meta page. Each test first counts the bytes one uninterrupted
/// run writes to the file, then kills the same command on fresh copies of a seeded ledger once
/// it has written a share of them, one at random in each of equal slices of those bytes (pages
/// partly written), and once more as it writes its last page (all pages, no meta page).
@Suite(.serialized) struct CrashTests {
    /// `ledger import` runs killed while they commit, and the events the imported file adds.
    static let importKills = 6
    static let importedEvents = 10_000
    /// Events per commit of the ledger whose export is imported (an import keeps the grouping).
    static let eventsPerSourceCommit = 1_000
    /// `ledger append --batch` runs killed while they commit, and the lines of the batch.
    static let batchKills = 8
    static let batchEvents = 10_000
    /// `ledger rebuild` runs killed while they commit, on the seeds plus this many events.
    static let rebuildKills = 6
    static let rebuildEvents = 10_000

    @Test(.timeLimit(.minutes(6)))
    func killedImportsLeaveAllOrNothing() throws {
        let sandbox = try LedgerSandbox()
        let base = try CrashScenario.seededBase(in: sandbox)

        // The file to import, made once: the export of a ledger holding the base's seeds (which
        // the import skips, their ids being known) and the generated events.
        let clock = ContinuousClock()
        var exportPath = ""
        let preparation = try clock.measure {
            let source = sandbox.path("source.lmdb")
            try CrashScenario.loadSeeds(into: source, in: sandbox)
            let lines = GeneratedBatches.lines(seed: 2026, count: Self.importedEvents)
            for start in stride(from: 0, to: lines.count, by: Self.eventsPerSourceCommit) {
                let end = min(start + Self.eventsPerSourceCommit, lines.count)
                let chunk = try GeneratedBatches.write(Array(lines[start..<end]), to: sandbox.path("chunk.ndjson"))
                try CrashScenario.ok(sandbox, ["append", "--batch", chunk], ledger: source)
            }
            let export = try CrashScenario.ok(sandbox, ["export"], ledger: source)
            exportPath = try sandbox.write("source.ndjson", export.stdout)
        }
        let exported = try String(contentsOfFile: exportPath, encoding: .utf8).split(separator: "\n")
        let seeded = CrashScenario.seedEvents
        try #require(exported.count == seeded + Self.importedEvents, "the export holds every event of the source")
        let imported = try exported[seeded...].map { line in
            try #require(try LedgerSandbox.json(String(line)) as? [String: Any])
        }
        let importedCommits = Set(imported.compactMap { $0.int("commit") }).count
        #expect(importedCommits == Self.importedEvents / Self.eventsPerSourceCommit)
        print("CrashTests: made the \(Self.importedEvents)-event export in \(preparation)")

        let scenario = CrashScenario(
            sandbox: sandbox, base: base, command: ["import", exportPath], addedEvents: Self.importedEvents,
            addedCommits: importedCommits, firstID: try #require(imported.first?.string("id")),
            lastID: try #require(imported.last?.string("id")), queries: CrashScenario.queries(for: imported))
        try scenario.run(kills: Self.importKills)
    }

    @Test(.timeLimit(.minutes(4)))
    func killedBatchAppendsLeaveAllOrNothing() throws {
        let sandbox = try LedgerSandbox()
        let base = try CrashScenario.seededBase(in: sandbox)
        let lines = GeneratedBatches.lines(seed: 7, count: Self.batchEvents)
        let batch = try GeneratedBatches.write(lines, to: sandbox.path("batch.ndjson"))
        let events = try lines.map { try #require(try LedgerSandbox.json($0) as? [String: Any]) }
        let scenario = CrashScenario(
            sandbox: sandbox, base: base, command: ["append", "--batch", batch], addedEvents: Self.batchEvents,
            addedCommits: 1, firstID: try #require(events.first?.string("id")),
            lastID: try #require(events.last?.string("id")), queries: CrashScenario.queries(for: events))
        try scenario.run(kills: Self.batchKills)
    }
}

extension CrashTests {
    /// A rebuild replaces one read model per transaction: killed at any moment of its three
    /// commits' writing, it leaves each read model old or new, never half-built, so the ledger
    /// verifies and every query answers as before.
    @Test(.timeLimit(.minutes(4)))
    func killedRebuildsLeaveEveryReadModelWhole() throws {
        let sandbox = try LedgerSandbox()
        let base = try CrashScenario.seededBase(in: sandbox)
        let lines = GeneratedBatches.lines(seed: 11, count: Self.rebuildEvents)
        try CrashScenario.ok(
            sandbox, ["append", "--batch", try GeneratedBatches.write(lines, to: sandbox.path("batch.ndjson"))],
            ledger: base)
        try? FileManager.default.removeItem(atPath: base + "-lock")
        let events = try lines.map { try #require(try LedgerSandbox.json($0) as? [String: Any]) }
        let scenario = CrashScenario(
            sandbox: sandbox, base: base, command: ["rebuild", "--quiet"], addedEvents: 0,
            addedCommits: 0, firstID: "", lastID: "", queries: CrashScenario.queries(for: events))
        try scenario.resetLedger()
        let answers = try scenario.answers()
        let reference = try sandbox.runKilled(scenario.command, at: .never, ledger: scenario.ledger)
        try #require(!reference.killed && reference.status == 0, "uninterrupted rebuild: \(reference.stderr)")
        try #require(reference.written > 0, "the uninterrupted rebuild wrote nothing: \(reference)")

        let seed = UInt64(DispatchTime.now().uptimeNanoseconds)
        var random = SplitMix64(seed: seed)
        var runs: [KilledRun] = []
        let moments = CrashScenario.killMoments(Self.rebuildKills, over: reference.written, using: &random)
        for (round, moment) in moments.enumerated() {
            try scenario.resetLedger()
            let run = try sandbox.runKilled(scenario.command, at: moment, ledger: scenario.ledger)
            runs.append(run)
            let context = "round \(round) (seed \(seed)): \(run)"
            let verify = try sandbox.run(["verify", "--ledger", scenario.ledger], useLedgerOption: false)
            #expect(verify.status == 0, "\(context): verify printed \(verify.stdout) \(verify.stderr)")
            #expect(try scenario.answers() == answers, "\(context): the queries answer as before the rebuild")
        }
        let name = "ledger rebuild"
        CrashScenario.expectMostKilledWhileWriting(runs, total: reference.written, name: name)
        print(
            """
            CrashTests: \(name) ran uninterrupted (\(reference)); \(CrashScenario.summary(runs, total: reference.written)) \
            (seed \(seed)), each left a ledger that verifies
            \(runs.map { "  \($0)" }.joined(separator: "\n"))
            """)
    }
}

/// One command killed again and again, each time on a fresh copy of a seeded ledger.
struct CrashScenario {
    let sandbox: LedgerSandbox
    /// The seeded ledger each run starts from; never opened by the killed runs.
    let base: String
    /// The command that appends `addedEvents` events in `addedCommits` commits, as one transaction.
    let command: [String]
    let addedEvents: Int
    let addedCommits: Int
    /// The ids of the first and the last event the command appends.
    let firstID: String
    let lastID: String
    /// Queries whose answers are compared with a rebuild and with the expected state.
    let queries: [[String]]

    /// The ledger the runs write to.
    var ledger: String { sandbox.path("crash.lmdb") }

    enum Outcome: String { case nothing, everything }

    /// The seed files of the base ledger: not the animals, whose category names the generated
    /// events may reuse (names are unique among live categories).
    static let seedFiles = ["favorites.ndjson", "music.ndjson"]
    /// The events of those files.
    static let seedEvents = seedFiles.reduce(0) { total, file in
        total + ((try? String(contentsOfFile: Seeds.path(file), encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// A seeded ledger at `base.lmdb` in the sandbox; returns its path.
    static func seededBase(in sandbox: LedgerSandbox) throws -> String {
        let base = sandbox.path("base.lmdb")
        try loadSeeds(into: base, in: sandbox)
        try? FileManager.default.removeItem(atPath: base + "-lock")
        return base
    }

    static func loadSeeds(into ledger: String, in sandbox: LedgerSandbox) throws {
        for file in seedFiles { try ok(sandbox, ["append", "--batch", Seeds.path(file)], ledger: ledger) }
    }

    /// Runs `ledger ARGS --ledger LEDGER`, which must succeed.
    @discardableResult
    static func ok(
        _ sandbox: LedgerSandbox, _ arguments: [String], ledger: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RunResult {
        let result = try sandbox.run(arguments + ["--ledger", ledger], useLedgerOption: false)
        try #require(
            result.status == 0, "ledger \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// A few queries over every read model, asking about the seeds' `pink-floyd` and the first
    /// artists and categories created by `events` (batch lines or envelopes).
    static func queries(for events: [[String: Any]]) -> [[String]] {
        func firstIDs(_ field: String, _ type: String) -> [String] {
            events.lazy.filter { $0.string("type") == type }.prefix(2)
                .compactMap { ($0["data"] as? [String: Any])?.string(field) }
        }
        return [["artists"], ["songs", "--orphans"], ["categories"], ["animals", "--uncategorized"], ["favorites"]]
            + (["pink-floyd"] + firstIDs("artistId", "ArtistCreated")).map { ["artist-songs", $0] }
            + firstIDs("categoryId", "CategoryCreated").map { ["category-animals", $0] }
    }

    /// The answers to `queries`, exit status and output.
    func answers() throws -> [String] { try sandbox.answers(queries, ledger: ledger) }

    /// `answers` without the favourites' `addedAt` (the local commit time, which differs from
    /// one run to the next).
    func comparable(_ answers: [String]) -> [String] {
        answers.enumerated().map { index, answer in
            guard queries[index] == ["favorites"] else { return answer }
            return answer.replacingOccurrences(of: #""addedAt":"[^"]*""#, with: "", options: .regularExpression)
        }
    }

    /// A fresh copy of the base ledger at `ledger`, without a lock file.
    func resetLedger() throws {
        for path in [ledger, ledger + "-lock"] where FileManager.default.fileExists(atPath: path) {
            try FileManager.default.removeItem(atPath: path)
        }
        try FileManager.default.copyItem(atPath: base, toPath: ledger)
    }

    /// `ledger stats --json` of the ledger: its events and commits.
    func counts(sourceLocation: SourceLocation = #_sourceLocation) throws -> (events: Int, commits: Int) {
        let stats = try #require(
            try LedgerSandbox.json(
                try Self.ok(
                    sandbox, ["stats", "--json"], ledger: ledger,
                    sourceLocation: sourceLocation
                ).stdout) as? [String: Any],
            sourceLocation: sourceLocation)
        return (
            try #require(stats.int("events"), sourceLocation: sourceLocation),
            try #require(stats.int("commits"), sourceLocation: sourceLocation)
        )
    }

    /// The envelopes `ledger log ARGS --json` prints.
    func log(_ arguments: [String]) throws -> [[String: Any]] {
        try Self.ok(sandbox, ["log"] + arguments + ["--json"], ledger: ledger).lines.map { line in
            try #require(try LedgerSandbox.json(line) as? [String: Any])
        }
    }

    /// The size of the ledger file.
    func fileSize() -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: ledger))?[.size] as? NSNumber)?.intValue ?? -1
    }

    /// Counts the bytes one uninterrupted run writes to the ledger file; then kills `kills` runs
    /// once they have written a share of them, spread evenly, checking the ledger after each.
    func run(kills: Int) throws {
        let clock = ContinuousClock()
        let started = clock.now
        let name =
            "ledger "
            + command.map { $0.hasPrefix("/") ? URL(fileURLWithPath: $0).lastPathComponent : $0 }
            .joined(separator: " ")
        try resetLedger()
        let baseCounts = try counts()
        let baseAnswers = comparable(try answers())
        let baseSize = fileSize()

        // One uninterrupted run: the bytes its commit writes, and the state a completed run leaves.
        let reference = try sandbox.runKilled(command, at: .never, ledger: ledger)
        try #require(!reference.killed && reference.status == 0, "\(name), uninterrupted: \(reference.stderr)")
        let total = reference.written
        try #require(total > 0, "\(name), uninterrupted, wrote nothing: \(reference)")
        let full = try counts()
        #expect(
            full.events == baseCounts.events + addedEvents && full.commits == baseCounts.commits + addedCommits,
            "\(name) on a ledger of \(baseCounts) should add \(addedEvents) events in \(addedCommits) commits: \(full)")
        let fullAnswers = comparable(try answers())
        try #require(fullAnswers != baseAnswers, "the queries should tell the two outcomes apart")

        let seed = UInt64(DispatchTime.now().uptimeNanoseconds)
        var random = SplitMix64(seed: seed)
        let moments = Self.killMoments(kills, over: total, using: &random)

        var runs: [KilledRun] = []
        var outcomes: [String: Int] = [:]
        var report: [String] = []
        for (round, moment) in moments.enumerated() {
            try resetLedger()
            let run = try sandbox.runKilled(command, at: moment, ledger: ledger)
            runs.append(run)
            let grown = fileSize() - baseSize
            let context = "\(name), round \(round) (seed \(seed)): \(run)"
            let outcome = try check(
                after: run, context: context, base: baseCounts, baseAnswers: baseAnswers,
                fullAnswers: fullAnswers)
            outcomes[outcome?.rawValue ?? "partial", default: 0] += 1
            report.append("  \(run), file grew by \(grown) bytes → \(outcome?.rawValue ?? "partial")")
        }
        Self.expectMostKilledWhileWriting(runs, total: total, name: name)
        print(
            """
            CrashTests: \(name) ran uninterrupted (\(reference)); \(moments.count) killed runs checked in \
            \(clock.now - started) (seed \(seed)): \(Self.summary(runs, total: total)); left \
            \(outcomes.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", "))
            \(report.joined(separator: "\n"))
            """)
    }

    /// `count` moments inside the writing of `bytes` bytes by commits: one at random in each of
    /// `count - 1` equal slices of it, and one as the last page is written, before the meta page
    /// that makes the commit the ledger's state (a commit writes whole pages, then a meta page
    /// of less than a page: the last page ends within the last page of the bytes).
    static func killMoments(_ count: Int, over bytes: Int, using random: inout SplitMix64) -> [KillMoment] {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        return KillMoment.spread(count - 1, over: bytes, using: &random) + [.writing((bytes - 1) / page * page)]
    }

    /// The share of the runs that must be killed in the middle of their commits' writing: a run
    /// can get a write call or two ahead of the watch, and so past the end of the writing when
    /// its kill was due near it.
    static let killedWhileWritingShare = 0.7

    /// Expects at least `killedWhileWritingShare` of `runs` to have been killed after writing
    /// some of the `total` bytes an uninterrupted run writes, and before writing them all.
    static func expectMostKilledWhileWriting(
        _ runs: [KilledRun], total: Int, name: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let inside = runs.filter { $0.killedWhileWriting(total) }.count
        #expect(
            Double(inside) >= killedWhileWritingShare * Double(runs.count),
            "\(name): most kills should land while its commits write their \(total) bytes: \(summary(runs, total: total))",
            sourceLocation: sourceLocation)
    }

    /// How many of `runs` were killed while writing `total` bytes, before or after, or exited;
    /// and how far into the writing each kill landed.
    static func summary(_ runs: [KilledRun], total: Int) -> String {
        let inside = runs.filter { $0.killedWhileWriting(total) }.count
        let before = runs.filter { $0.killed && $0.written <= 0 }.count
        let after = runs.filter { $0.killed && $0.written >= total }.count
        let shares = runs.map { run in
            run.killed ? String(format: "%.1f%%", (1000 * Double(run.written) / Double(total)).rounded(.down) / 10) : "exited"
        }
        return "\(inside) of \(runs.count) runs killed while the commits wrote their \(total) bytes, \(before) before, "
            + "\(after) after, \(runs.count - runs.filter(\.killed).count) exited; written before the kill: "
            + shares.joined(separator: ", ")
    }

    /// Checks the ledger a (possibly) killed run left; returns what it holds of the command's events.
    func check(
        after run: KilledRun, context: String, base: (events: Int, commits: Int), baseAnswers: [String],
        fullAnswers: [String]
    ) throws -> Outcome? {
        if !run.killed { #expect(run.status == 0, "\(context): \(run.stderr)") }

        // It opens and verifies.
        let verify = try sandbox.run(["verify", "--ledger", ledger], useLedgerOption: false)
        #expect(verify.status == 0, "\(context): verify exited \(verify.status): \(verify.stderr)")

        // Whole commits only: either none of the events, or all of them.
        let counts = try counts()
        let outcome: Outcome?
        switch counts {
        case (base.events, base.commits): outcome = .nothing
        case (base.events + addedEvents, base.commits + addedCommits): outcome = .everything
        default: outcome = nil
        }
        #expect(
            outcome != nil,
            "\(context): \(counts.events) events in \(counts.commits) commits, expected \(base) or \((base.events + addedEvents, base.commits + addedCommits))"
        )
        #expect(run.killed || outcome == .everything, "\(context): a run that exited by itself appended everything")

        let firstAdded = try log(["--from", String(base.events + 1), "--limit", "2"])
        switch outcome {
        case .nothing:
            #expect(firstAdded.isEmpty, "\(context): log holds events after the seeds")
        case .everything:
            #expect(
                firstAdded.first?.string("id") == firstID && firstAdded.first?.int("commit") == base.commits + 1,
                "\(context): first appended event \(firstAdded.first ?? [:])")
            let last = try log(["--from", String(counts.events)])
            #expect(
                last.count == 1 && last.first?.string("id") == lastID && last.first?.int("position") == counts.events
                    && last.first?.int("commit") == counts.commits, "\(context): last event \(last)")
        case nil:
            break
        }

        // The read models equal a rebuild, and the state of the outcome.
        let before = try answers()
        try Self.ok(sandbox, ["rebuild", "--quiet"], ledger: ledger)
        #expect(try answers() == before, "\(context): queries differ after rebuild")
        switch outcome {
        case .nothing: #expect(comparable(before) == baseAnswers, "\(context): read models differ from the seeded ledger's")
        case .everything: #expect(comparable(before) == fullAnswers, "\(context): read models differ from an uninterrupted run's")
        case nil: break
        }

        // The lock the killed writer held is released: the ledger takes new commits.
        let append = try sandbox.run(
            ["append", "FavoriteAdded", #"{"dishId":"after-the-crash"}"#, "--ledger", ledger],
            useLedgerOption: false)
        #expect(append.status == 0, "\(context): append after the kill exited \(append.status): \(append.stderr)")
        #expect(try self.counts().events == counts.events + 1, "\(context)")
        return outcome
    }
}
