import Animals
import Favorites
import Foundation
import LedgerCLITestSupport
import Music
import Testing

@testable import EventLedger

/// The ledger file's format version: older files open and answer as before, newer ones are refused.
@Suite struct FileFormatTests {
    /// A ledger file of format 1 written by an earlier `ledger` tool, and that tool's answers
    /// (`Fixtures/Format1`, see its README).
    enum FormatOneFixture {
        /// The fixture's directory, found from this source file's location.
        static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/Format1")

        /// The fixture's ledger file.
        static var ledger: String { directory.appendingPathComponent("ledger.lmdb").path }

        /// Each command of `commands.tsv`: its name and arguments.
        static func commands() throws -> [(name: String, arguments: [String])] {
            let text = try String(contentsOf: directory.appendingPathComponent("commands.tsv"), encoding: .utf8)
            return text.split(separator: "\n").map { line in
                let fields = line.split(separator: "\t", maxSplits: 1)
                return (String(fields[0]), fields[1].split(separator: " ").map(String.init))
            }
        }

        /// What the earlier tool printed for the command called `name`.
        static func answer(_ name: String) throws -> String {
            try String(contentsOf: directory.appendingPathComponent("answers/\(name).out"), encoding: .utf8)
        }

        /// The music seeds as the fixture was built from them, written to `sandbox`: before
        /// songs had durations.
        static func musicSeeds(in sandbox: LedgerSandbox) throws -> String {
            let seeds = try String(contentsOfFile: Seeds.path("music.ndjson"), encoding: .utf8)
            let withoutDurations = seeds.replacingOccurrences(of: #", "durationSeconds": [0-9]+"#, with: "", options: .regularExpression)
            return try sandbox.write("music.ndjson", withoutDurations)
        }

        /// The fixture's form session, kept in the one record per session of format 1.
        static let session = "01a23135-e093-7b21-b6f7-28b74a3d42ad"

        /// The commands of the fixture that read its session without a preview (which writes).
        static let sessionReads: Set<String> = ["sessions", "session-show"]

        /// The commands of the fixture that list songs.
        static let songLists: Set<String> = ["artist-songs", "songs", "orphans", "session-artists"]

        /// What the earlier tool printed for the command called `name`, in today's shape: song
        /// lists now show each song's duration, which no song of the fixture has.
        static func currentAnswer(_ name: String) throws -> String {
            let answer = try answer(name)
            guard songLists.contains(name) else { return answer }
            func withoutDuration(_ song: JSONValue) throws -> JSONValue {
                var fields = try #require(song.objectValue)
                fields["durationSeconds"] = .null
                return .object(fields)
            }
            let list = try JSONValue.parse(answer)
            if var artist = list.objectValue {
                artist["songs"] = .array(try #require(artist["songs"]?.arrayValue).map(withoutDuration))
                return JSONValue.object(artist).serializedString() + "\n"
            }
            return JSONValue.array(try #require(list.arrayValue).map(withoutDuration)).serializedString() + "\n"
        }

        /// Expects every command of the fixture to print in `sandbox` what the earlier tool printed.
        static func expectSameAnswers(in sandbox: LedgerSandbox, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let commands = try commands()
            #expect(commands.count >= 19, sourceLocation: sourceLocation)
            for command in commands {
                let result = try sandbox.ok(command.arguments, sourceLocation: sourceLocation)
                #expect(result.stdout == (try currentAnswer(command.name)), "\(command.name)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The fixture's music and animals read models were built by version 1 of their domains
    /// (lists by name as written; now by case-folded name): querying them is refused until a
    /// write rebuilds them (the log is read as it is), and then every answer is the earlier
    /// tool's (the fixture's names order the same both ways), song lists with no durations added.
    @Test func aLedgerOfTheFirstFormatMigratesVerifiesAndAnswersAsBefore() throws {
        let sandbox = try LedgerSandbox()
        try FileManager.default.copyItem(atPath: FormatOneFixture.ledger, toPath: sandbox.ledgerPath)
        let before = try #require(fileBytes(sandbox.ledgerPath))
        for (command, readModel) in [(["query", "artists"], "artist-songs"), (["query", "animals"], "animal-category")] {
            expectFailure(
                try sandbox.run(command), exit: 5,
                mentions: [#""\#(readModel)" was built by an earlier version of its domain (1;"#, "`ledger rebuild`"])
        }
        #expect(try sandbox.ok(["export"]).lines.count == 88)
        for command in try FormatOneFixture.commands() where FormatOneFixture.sessionReads.contains(command.name) {
            #expect(try sandbox.ok(command.arguments).stdout == (try FormatOneFixture.answer(command.name)), "\(command.name)")
        }
        #expect(fileBytes(sandbox.ledgerPath) == before, "a read command wrote to the file")

        // A write open migrates the file; every seed event (as seeded then, without durations)
        // is in the log already, so nothing is appended.
        #expect(try sandbox.object(["append", "--batch", try FormatOneFixture.musicSeeds(in: sandbox)]).int("commit") == 3)
        let migrated = try sandbox.stats()
        #expect(migrated.int("formatVersion") == FileFormats.released.current)
        #expect(migrated.int("events") == 88)
        try sandbox.ok(["verify"])
        try FormatOneFixture.expectSameAnswers(in: sandbox)
    }

    /// Format 1 kept a form session as one record; the migration splits it into an entry per
    /// staged event, which stages, undoes and commits as a session begun today does.
    @Test func aSessionOfTheFirstFormatIsMigratedAndCommitsItsStagedEvents() throws {
        let sandbox = try LedgerSandbox()
        try FileManager.default.copyItem(atPath: FormatOneFixture.ledger, toPath: sandbox.ledgerPath)
        let session = FormatOneFixture.session
        let staged = try #require(try sandbox.showSession(session).objects("events"))

        try sandbox.stage(session, "SongRetitled", #"{"songId":"time","title":"Time (live)"}"#)
        #expect(try sandbox.stats().int("formatVersion") == FileFormats.released.current)
        #expect(try sandbox.stagedTypes(session) == ["SongAdded", "CategoryCreated", "SongRetitled"])
        let titles = try #require(try sandbox.object(["query", "artist-songs", "pink-floyd", "--session", session]).objects("songs"))
        #expect(titles.contains { $0.string("title") == "Time (live)" })
        try sandbox.ok(["session", "undo", session])
        #expect(try sandbox.ok(["session", "show", session, "--json"]).stdout == (try FormatOneFixture.answer("session-show")))
        expectFailure(
            try sandbox.run(["session", "add", session, "CategoryCreated", #"{"categoryId":"insects","name":"INSECT"}"#]),
            exit: 1, mentions: ["category-insects"])

        let commit = try sandbox.object(["session", "commit", session])
        #expect(commit.ints("positions") == [89, 90])
        let appended = try sandbox.log(["--from", "89"])
        #expect(appended.map { $0.string("id") } == staged.map { $0.string("id") })
        #expect(appended.map { $0.string("type") } == ["SongAdded", "CategoryCreated"])
        #expect(Set(appended.map { $0.int("commit") }).count == 1)
        #expect(try sandbox.array(["query", "categories"]).contains { $0.string("categoryId") == "insect" })
        #expect(try sandbox.sessionIDs().isEmpty)
        try sandbox.ok(["verify"])
    }

    @Test func aLedgerOfANewerFormatIsRefusedByEveryCommandAndLeftUnchanged() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let export = try sandbox.write("export.ndjson", try sandbox.ok(["export"]).stdout)
        let newer = FileFormats.released.current + 1
        do {
            let ledger = try Ledger(path: sandbox.ledgerPath, domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()])
            try ledger.core.environment.write { txn in try FileFormat.record(newer, txn, ledger.core.tables.checkpoints) }
        }
        let before = try #require(fileBytes(sandbox.ledgerPath))
        let commands = [
            ["append", "FavoriteAdded", #"{"dishId":"lo-mai-gai"}"#], ["append", "--batch", Seeds.path("favorites.ndjson")],
            ["session", "begin"], ["session", "list"], ["session", "discard", "01a23135-e093-7b21-b6f7-28b74a3d42ad"],
            ["query", "artists"], ["query", "artists", "--as-of", "3"], ["log"], ["history", "artist-queen"],
            ["rebuild"], ["replay", "--to", "3", "--out", sandbox.path("replayed.lmdb")], ["verify"],
            ["export"], ["import", export], ["backup", sandbox.path("backup.lmdb")], ["stats"],
        ]
        let refusal = "\(sandbox.ledgerPath) was written by a newer EventLedger (format \(newer); this one reads up to \(newer - 1))"
        for command in commands {
            expectFailure(try sandbox.run(command), exit: 5, mentions: [refusal])
        }
        // `watch` runs until interrupted when it opens the file: started in the background, it must end by itself.
        let watch = try BackgroundLedger(["watch"], in: sandbox)
        if watch.waitForExit() {
            #expect(watch.process.terminationStatus == 5)
            #expect(watch.stderr.contains(refusal), "\(watch.stderr)")
        }
        #expect(fileBytes(sandbox.ledgerPath) == before)
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("replayed.lmdb")))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("backup.lmdb")))
    }
}
