import EventLedger
import Foundation
import LedgerCLITestSupport
import LedgerWorkload
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Many processes on one ledger at once: writers appending events of every
/// domain, alone and in batches, with expected versions, and racing on one shared stream; while
/// others query, watch, export, back up and rebuild. Afterwards no event is lost or doubled, the
/// log and its streams are gapless, and every copy made along the way is a consistent prefix.
@Suite struct SoakTests {
    /// Writer processes running at once, and what each does: a third single appends of its own
    /// events, a third batches of them (every other one with a rename of the shared artist), a
    /// third renames of the shared artist alone.
    static let writers = 8
    static let operationsPerWriter = 45
    /// The events of a batch (besides the shared rename some carry).
    static let batchSizes = 2...6
    /// The artist every writer renames with `--expect`, and how often one append may conflict.
    static let sharedArtist = "shared"
    static let maximumAttempts = 400
    /// Backups taken while the writers run, at most.
    static let maximumBackups = 8

    @Test(.timeLimit(.minutes(3)))
    func writersReadersWatcherExportsBackupsAndRebuildsAtOnce() throws {
        let sandbox = try LedgerSandbox()
        let runner = LedgerRunner(sandbox)
        let clock = ContinuousClock()
        let started = clock.now

        // Before the writers: the shared artist, and a watcher seen to be running.
        var setupIDs: [String] = []
        func appendSetup(_ type: String, _ json: String) throws {
            let id = UUID().uuidString.lowercased()
            try sandbox.ok(["append", type, json, "--id", id])
            setupIDs.append(id)
        }
        try appendSetup("ArtistCreated", "{\"artistId\":\"\(Self.sharedArtist)\",\"name\":\"Shared\"}")
        let watcher = try BackgroundLedger(["watch", "--json"], in: sandbox)  // killed when released
        let watchDeadline = Date().addingTimeInterval(10)
        while watcher.lines.isEmpty, Date() < watchDeadline {
            try appendSetup("FavoriteAdded", "{\"dishId\":\"marker-\(setupIDs.count)\"}")
            watcher.waitForLines(1, within: 0.2)
        }
        try #require(!watcher.lines.isEmpty, "watch printed nothing within 10 s; stderr: \(watcher.stderr)")

        let writers = WorkerThreads(), others = WorkerThreads()
        defer {
            others.stop(within: 60)
            writers.stop(within: 60)
        }
        let writerReports = Shared([WriterReport]())
        let failures = Shared([String]())
        let exportsTaken = Shared([String]())
        let backupsTaken = Shared([String]())
        let rounds = Shared([String: Int]())  // rounds of each background job begun while writers ran
        let writing = Shared(true)
        @Sendable func count(_ job: String) { if writing.get() { rounds.update { $0[job, default: 0] += 1 } } }
        @Sendable func fail(_ message: String) { failures.update { $0.append(message) } }
        let backupDirectory = sandbox.directory

        let stopWriting = writers.stopping
        for writer in 0..<Self.writers {
            writers.start {
                let report = Self.write(as: writer, with: runner, until: stopWriting)
                writerReports.update { $0.append(report) }
            }
        }
        // Readers: the list queries, the shared artist, the log, a history and the statistics, with --json.
        let queries: [[String]] = [
            ["query", "artists"], ["query", "artist-songs", Self.sharedArtist], ["query", "songs"],
            ["query", "songs", "--orphans"], ["query", "categories"], ["query", "animals"],
            ["query", "animals", "--uncategorized"], ["query", "favorites"],
            ["log", "--limit", "20"], ["history", "artist-\(Self.sharedArtist)"], ["stats"],
        ]
        for reader in 0..<2 {
            others.loop { round in
                count("query")
                let query = queries[(round * 2 + reader) % queries.count]
                do {
                    let result = try runner.run(query + ["--json"])
                    if result.status != 0 || result.timedOut {
                        fail("ledger \(query.joined(separator: " ")) exited \(result.status): \(result.stderr)")
                    } else if result.lines.contains(where: { (try? LedgerSandbox.json($0)) == nil }) {
                        fail("ledger \(query.joined(separator: " ")) printed invalid JSON: \(result.stdout.prefix(300))")
                    }
                } catch { fail("ledger \(query.joined(separator: " ")): \(error)") }
            }
        }
        others.loop { _ in
            count("export")
            do {
                let result = try runner.run(["export"])
                if result.status != 0 || result.timedOut { fail("ledger export exited \(result.status): \(result.stderr)") }
                exportsTaken.update { $0.append(result.stdout) }
            } catch { fail("ledger export: \(error)") }
            usleep(100_000)
        }
        others.loop { round in
            guard round < Self.maximumBackups else {
                usleep(50_000)
                return
            }
            count("backup")
            let destination = backupDirectory.appendingPathComponent("backup-\(round).lmdb").path
            do {
                let result = try runner.run(["backup", destination])
                if result.status != 0 || result.timedOut { fail("ledger backup exited \(result.status): \(result.stderr)") }
                backupsTaken.update { $0.append(destination) }
            } catch { fail("ledger backup: \(error)") }
            usleep(300_000)
        }
        others.loop { round in
            count("rebuild")
            let arguments = ["rebuild"] + (round % 3 == 2 ? ["artist-songs"] : []) + ["--quiet"]
            do {
                let result = try runner.run(arguments)
                if result.status != 0 || result.timedOut {
                    fail("ledger \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
                }
            } catch { fail("ledger rebuild: \(error)") }
            usleep(200_000)
        }

        try #require(writers.wait(within: 150), "the writers did not finish")
        writing.update { $0 = false }
        let writersDone = clock.now - started
        try #require(others.stop(within: 60), "the background jobs did not finish")

        // What the writers and the background jobs reported.
        #expect(failures.get().isEmpty, "\(failures.get().count) failures:\n\(failures.get().prefix(20).joined(separator: "\n"))")
        let reports = writerReports.get().sorted { $0.writer < $1.writer }
        try #require(reports.count == Self.writers)
        for report in reports {
            #expect(report.failures.isEmpty, "writer \(report.writer): \(report.failures.joined(separator: "\n"))")
        }
        for job in ["query", "export", "backup", "rebuild"] {
            #expect(rounds.get()[job, default: 0] > 0, "ledger \(job) never ran while the writers wrote")
        }
        let conflicts = reports.reduce(0) { $0 + $1.conflicts }
        #expect(conflicts > 0, "the writers racing on artist-\(Self.sharedArtist) never met a conflict")

        // The log: gapless positions, commits in order, ids once each.
        let final = try sandbox.ok(["export"]).lines
        let log = try final.map { try #require(try LedgerSandbox.json($0) as? [String: Any]) }
        let appended = reports.flatMap { $0.appended }
        #expect(
            log.count == setupIDs.count + appended.count,
            "\(log.count) events in the log; \(setupIDs.count) set up and \(appended.count) reported appended")
        #expect(log.map { $0.int("position") ?? -1 } == Array(1...log.count), "positions are gapless")
        let commits = log.map { $0.int("commit") ?? -1 }
        #expect(
            commits.first == 1 && zip(commits, commits.dropFirst()).allSatisfy { $1 == $0 || $1 == $0 + 1 },
            "commits are numbered 1, 2, 3 … in log order")
        var positionsOfID: [String: [Int]] = [:]
        for (index, event) in log.enumerated() { positionsOfID[event.string("id") ?? "", default: []].append(index + 1) }
        #expect(positionsOfID.count == log.count, "event ids are distinct")

        // Every event a writer got back once, at the position and in the commit it was told.
        var positionsOfCommit: [Int: [Int]] = [:]
        for (index, commit) in commits.enumerated() { positionsOfCommit[commit, default: []].append(index + 1) }
        for event in appended {
            let found = positionsOfID[event.id] ?? []
            #expect(found == [event.position], "writer \(event.writer): event \(event.id) reported at \(event.position), in the log at \(found)")
            if found == [event.position] {
                #expect(log[event.position - 1].int("commit") == event.commit, "writer \(event.writer): event \(event.id)'s commit")
            }
        }
        for append in reports.flatMap({ $0.appends }) {
            #expect(
                positionsOfCommit[append.commit] == Array(append.positions),
                "commit \(append.commit) holds \(positionsOfCommit[append.commit] ?? []), the append reported \(append.positions)")
        }
        for id in setupIDs { #expect(positionsOfID[id]?.count == 1, "set-up event \(id)") }

        // Stream versions are gapless.
        var versions: [String: [Int]] = [:]
        for event in log { versions[event.string("stream") ?? "", default: []].append(event.int("version") ?? -1) }
        for (stream, list) in versions where list != Array(1...list.count) {
            Issue.record("versions of \(stream) are not 1…\(list.count): \(list)")
        }

        // The shared artist: created once, renamed once per rename a writer got back, named by the last.
        let renames = reports.reduce(0) { $0 + $1.sharedRenames }
        #expect(versions["artist-\(Self.sharedArtist)"]?.count == 1 + renames)
        let lastRename = log.last { $0.string("stream") == "artist-\(Self.sharedArtist)" }
        let shared = try sandbox.object(["query", "artist-songs", Self.sharedArtist])
        #expect(shared.string("name") == (lastRename?["data"] as? [String: Any])?.string("name"))
        // Each writer's artist created without an id: the id it was told, in its one event.
        for report in reports {
            guard let (eventID, artistId) = report.assigned else { continue }
            let found = positionsOfID[eventID] ?? []
            let data = found.count == 1 ? log[found[0] - 1]["data"] as? [String: Any] : nil
            #expect(data?.string("artistId") == artistId, "writer \(report.writer): assigned \(artistId), logged \(data ?? [:])")
        }

        // The ledger verifies, and so does every backup; backups and exports are whole commits of the log.
        let verify = try sandbox.run(["verify"])
        #expect(verify.status == 0, "verify exited \(verify.status): \(verify.stderr)")
        func isCommitPrefix(_ lines: [String]) -> Bool {
            lines.count <= final.count && Array(final.prefix(lines.count)) == lines
                && (lines.isEmpty || lines.count == final.count || commits[lines.count] != commits[lines.count - 1])
        }
        let backups = backupsTaken.get()
        #expect(!backups.isEmpty)
        for backup in backups {
            let verified = try sandbox.run(["verify", "--ledger", backup], useLedgerOption: false)
            #expect(verified.status == 0, "verify of \(backup) exited \(verified.status): \(verified.stderr)")
            let exported = try sandbox.run(["export", "--ledger", backup], useLedgerOption: false)
            #expect(
                exported.status == 0 && isCommitPrefix(exported.lines),
                "\(backup): \(exported.lines.count) events, not whole commits of the log; \(exported.stderr)")
        }
        let exports = exportsTaken.get()
        for (index, export) in exports.enumerated() {
            let lines = export.split(separator: "\n").map(String.init)
            #expect(isCommitPrefix(lines), "export \(index) (\(lines.count) events) is not whole commits of the log")
        }

        // The watcher printed every event committed since it started, in order, once.
        let firstWatched = try #require(try LedgerSandbox.json(watcher.lines[0]) as? [String: Any]).int("position") ?? Int.max
        let watched = watcher.waitForLines(log.count - firstWatched + 1, within: 30)
        let printed = try watched.map { try #require(try LedgerSandbox.json($0) as? [String: Any]) }
        #expect(firstWatched <= setupIDs.count, "the watcher started before the writers")
        #expect(
            printed.map { $0.int("position") ?? -1 } == Array(firstWatched...log.count),
            "watch printed positions \(printed.first?.int("position") ?? 0)…\(printed.last?.int("position") ?? 0), \(printed.count) lines")
        #expect(
            printed.map { $0 as NSDictionary } == log[(firstWatched - 1)...].map { $0 as NSDictionary },
            "watch printed the envelopes of the log")
        #expect(watcher.stop(), "the watcher ends on SIGTERM")

        print(
            """
            SoakTests: \(Self.writers) writers appended \(appended.count) events in \(reports.reduce(0) { $0 + $1.appends.count }) \
            commits (\(renames) renames of the shared artist, \(conflicts) conflicts retried) in \(writersDone); \
            background rounds \(rounds.get().sorted { $0.key < $1.key }), \(exports.count) exports, \(backups.count) backups; \
            whole test \(clock.now - started)
            """)
    }

    /// What one writer did.
    struct WriterReport: Sendable {
        let writer: Int
        /// Every event appended, with where the ledger said it went.
        var appended: [AppendedEvent] = []
        /// Every successful append: its commit and positions.
        var appends: [(commit: Int, positions: [Int])] = []
        /// Renames of the shared artist appended.
        var sharedRenames = 0
        /// Appends that failed with exit 3 and were retried.
        var conflicts = 0
        /// Anything unexpected; the writer stops at the first.
        var failures: [String] = []
        /// The event id and the assigned artist id of the artist created without an id.
        var assigned: (String, String)?
    }

    struct AppendedEvent: Sendable {
        let writer: Int
        let id: String
        let position: Int
        let commit: Int
    }

    /// The stream of an event.
    static func stream(of event: PendingEvent) -> String {
        let kinds = [
            ("Artist", "artist", "artistId"), ("Song", "song", "songId"), ("Category", "category", "categoryId"),
            ("Animal", "animal", "animalId"), ("Favorite", "favorite", "dishId"),
        ]
        let (_, kind, field) = kinds.first { event.type.hasPrefix($0.0) } ?? ("", "?", "?")
        return "\(kind)-\(event.payload[field]?.stringValue ?? "?")"
    }

    /// Writer `writer`: appends its events (entities prefixed `w⟨writer⟩-`) and renames the
    /// shared artist, retrying on conflicts; ends early when `stopping` is set.
    static func write(as writer: Int, with runner: LedgerRunner, until stopping: Shared<Bool>) -> WriterReport {
        var report = WriterReport(writer: writer)
        var events = GeneratedBatches.Private(seed: UInt64(1000 + writer), prefix: "w\(writer)-", label: "W\(writer)")
        var random = SplitMix64(seed: UInt64(2000 + writer))
        var versions: [String: Int] = [:]  // of the writer's own streams, as it appended them

        /// Runs an append; on success records its events (ids in order) and returns the parsed output.
        /// A conflict (exit 3) is a failure unless `racing`: the writer's own streams move only by its appends.
        func append(
            _ arguments: [String], input: String? = nil, ids: [String],
            racing: Bool = false
        ) -> (status: Int32, output: [String: Any]?) {
            let result: BoundedResult
            do { result = try runner.run(arguments + ["--json"], input: input) } catch {
                report.failures.append("ledger \(arguments.prefix(3).joined(separator: " ")): \(error)")
                return (-1, nil)
            }
            guard result.status == 0, !result.timedOut else {
                if result.status != 3 || !racing || result.timedOut {
                    report.failures.append(
                        "ledger \(arguments.prefix(3).joined(separator: " ")) exited \(result.status)\(result.timedOut ? " (timed out)" : ""): \(result.stderr)"
                    )
                }
                return (result.status, nil)
            }
            guard let output = (try? LedgerSandbox.json(result.stdout)) as? [String: Any],
                let commit = output.int("commit"), let positions = output.ints("positions"), positions.count == ids.count
            else {
                report.failures.append("ledger \(arguments.prefix(3).joined(separator: " ")): unexpected output \(result.stdout)")
                return (-1, nil)
            }
            report.appends.append((commit, positions))
            for (id, position) in zip(ids, positions) {
                report.appended.append(AppendedEvent(writer: writer, id: id, position: position, commit: commit))
            }
            return (0, output)
        }

        /// The shared artist's version now.
        func sharedVersion() -> Int? {
            guard let result = try? runner.run(["history", "artist-\(sharedArtist)", "--json"]), result.status == 0 else {
                report.failures.append("ledger history artist-\(sharedArtist) failed")
                return nil
            }
            return result.lines.count
        }

        /// Appends what `build` makes for the shared artist's current version until it does not conflict.
        func appendRacing(ids: [String], _ build: (Int) -> (arguments: [String], input: String?)) -> Bool {
            for _ in 0..<maximumAttempts where !stopping.get() {
                guard let version = sharedVersion() else { return false }
                let (arguments, input) = build(version)
                switch append(arguments, input: input, ids: ids, racing: true).status {
                case 0: return true
                case 3: report.conflicts += 1
                default: return false
                }
            }
            report.failures.append(stopping.get() ? "stopped" : "gave up after \(maximumAttempts) conflicts")
            return false
        }

        /// The name of the writer's next rename of the shared artist.
        func renameName() -> String { "w\(writer) rename \(report.sharedRenames + 1)" }

        // An artist whose id the ledger assigns.
        let soloID = UUID().uuidString.lowercased()
        let solo = append(["append", "ArtistCreated", "{\"name\":\"W\(writer) solo\"}", "--id", soloID], ids: [soloID])
        if let assigned = (solo.output?["assigned"] as? [String: Any])?.string("artistId") {
            report.assigned = (soloID, assigned)
        } else if report.failures.isEmpty {
            report.failures.append("no assigned artistId in \(String(describing: solo.output))")
        }

        for operation in 0..<operationsPerWriter where report.failures.isEmpty && !stopping.get() {
            switch operation % 3 {
            case 0:  // one of its own events, with the version its stream is at, or none
                let event = events.next()
                let stream = stream(of: event)
                let id = event.id!.description
                var arguments = ["append", event.type, JSONValue.object(event.payload).serializedString(), "--id", id]
                if event.expect == .noStream {
                    arguments += ["--expect", "none"]
                } else if operation % 2 == 0 {
                    arguments += ["--expect", String(versions[stream] ?? 0)]
                }
                if append(arguments, ids: [id]).status == 0 { versions[stream, default: 0] += 1 }
            case 1:  // a batch of its own events, every other one also renaming the shared artist
                let batch = (0..<Int.random(in: batchSizes, using: &random)).map { _ in events.next() }
                let lines = batch.map(GeneratedBatches.line)
                let ids = batch.map { $0.id!.description }
                let appended: Bool
                if (operation / 3) % 2 == 0 {
                    let renameID = UUID().uuidString.lowercased()
                    let name = renameName()
                    let at = Int.random(in: 0...lines.count, using: &random)
                    appended = appendRacing(ids: Array(ids[..<at]) + [renameID] + Array(ids[at...])) { version in
                        var all = lines
                        all.insert(
                            JSONValue.object([
                                "type": .string("ArtistRenamed"), "id": .string(renameID), "expect": .int(Int64(version)),
                                "data": .object(["artistId": .string(sharedArtist), "name": .string(name)]),
                            ]).serializedString(), at: at)
                        return (["append", "--batch", "-"], all.joined(separator: "\n") + "\n")
                    }
                    if appended { report.sharedRenames += 1 }
                } else {
                    appended =
                        append(
                            ["append", "--batch", "-"], input: lines.joined(separator: "\n") + "\n",
                            ids: ids
                        ).status == 0
                }
                if appended { for event in batch { versions[stream(of: event), default: 0] += 1 } }
            default:  // a rename of the shared artist, expecting the version just read
                let id = UUID().uuidString.lowercased()
                let name = renameName()
                let appended = appendRacing(ids: [id]) { version in
                    (
                        [
                            "append", "ArtistRenamed", "{\"artistId\":\"\(sharedArtist)\",\"name\":\"\(name)\"}",
                            "--expect", String(version), "--id", id,
                        ], nil
                    )
                }
                if appended { report.sharedRenames += 1 }
            }
        }
        return report
    }
}
