import Foundation
import LedgerCLITestSupport
import Testing

/// `ledger backup DEST`: a consistent, compacted copy taken while writers go on.
@Suite struct BackupCommandTests {
    /// Appends favourites `dish-0`, `dish-1`, … one process each until the stop file `$1`
    /// exists. Arguments: STOPFILE LEDGER-BINARY LEDGER-PATH. Exits 1 on a failed append.
    static let appendLoop = #"""
        stop="$1"; bin="$2"; ledger="$3"; i=0
        while [ ! -e "$stop" ]; do
            "$bin" append FavoriteAdded "{\"dishId\":\"dish-$i\"}" --ledger "$ledger" > /dev/null || exit 1
            i=$((i + 1))
            if [ "$i" -ge 20000 ]; then exit 2; fi
        done
        """#

    /// Polls `ledger stats` until the log holds at least `count` events or `seconds` pass.
    func waitForEvents(_ count: Int, in sandbox: LedgerSandbox, within seconds: Double = 30) throws -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        var events = 0
        repeat {
            events = try sandbox.stats().int("events") ?? 0
            if events >= count { return events }
            usleep(20_000)
        } while Date() < deadline
        return events
    }

    /// The lines of `ledger export --ledger PATH`.
    func export(_ path: String, in sandbox: LedgerSandbox) throws -> [String] {
        let result = try sandbox.run(["export", "--ledger", path], useLedgerOption: false)
        #expect(result.status == 0, "export of \(path) failed: \(result.stderr)")
        return result.lines
    }

    @Test(.processTestLimit)
    func aBackupTakenWhileAnotherProcessAppendsIsAConsistentPrefix() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let writer = try BackgroundScript(
            Self.appendLoop,
            arguments: [LedgerSandbox.executable.path, sandbox.ledgerPath],
            stopFile: sandbox.path("stop"))
        let before = try waitForEvents(84 + 20, in: sandbox)
        try #require(before >= 104, "the background writer did not get going: \(before) events")

        let destination = sandbox.path("backup.lmdb")
        let backup = try sandbox.ok(["backup", destination])
        #expect(backup.stderr.isEmpty)
        let copied = try export(destination, in: sandbox)
        #expect(copied.count >= before, "the copy holds at least what was committed before it started")
        // The writer goes on after the copy; wait until it has visibly done so, then stop it.
        let after = try waitForEvents(copied.count + 10, in: sandbox)
        #expect(after >= copied.count + 10, "the writer kept appending during and after the backup")
        #expect(writer.stop() == 0, "the background writer failed")

        let source = try export(sandbox.ledgerPath, in: sandbox)
        #expect(source.count > copied.count)
        #expect(Array(source.prefix(copied.count)) == copied, "the copy's log is a prefix of the source's")

        let verify = try sandbox.run(["verify", "--ledger", destination], useLedgerOption: false)
        #expect(verify.status == 0, "verify of the copy failed: \(verify.stdout) \(verify.stderr)")
        // Its read models are there too.
        for query in [["query", "artists", "--json"], ["query", "categories", "--json"]] {
            let copy = try sandbox.run(query + ["--ledger", destination], useLedgerOption: false)
            #expect(copy.status == 0)
            #expect(copy.stdout == (try sandbox.ok(query)).stdout)
        }
        let favorites = try sandbox.run(["query", "favorites", "--json", "--ledger", destination], useLedgerOption: false)
        let dishes = try #require(try LedgerSandbox.json(favorites.stdout) as? [[String: Any]])
        #expect(dishes.count == 6 + (copied.count - 84), "the seeds' six favourites plus each copied append")

        let attributes = try FileManager.default.attributesOfItem(atPath: destination)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let copySize = (attributes[.size] as? NSNumber)?.intValue ?? Int.max
        let sourceSize = (try FileManager.default.attributesOfItem(atPath: sandbox.ledgerPath)[.size] as? NSNumber)?.intValue ?? 0
        #expect(copySize <= sourceSize, "a compacted copy is no larger than its source")
    }

    @Test func aBackupOfAQuietLedgerEqualsIt() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        try sandbox.ok(["append", "CategoryDeleted", #"{"categoryId":"reptile"}"#])
        let destination = sandbox.path("copy.lmdb")
        try sandbox.ok(["backup", destination])
        #expect(try export(destination, in: sandbox) == export(sandbox.ledgerPath, in: sandbox))
        let stats = try sandbox.run(["stats", "--json", "--ledger", destination], useLedgerOption: false)
        var copied = try #require(try LedgerSandbox.json(stats.stdout) as? [String: Any])
        var original = try sandbox.stats()
        copied.removeValue(forKey: "fileSize")
        original.removeValue(forKey: "fileSize")
        #expect(copied as NSDictionary == original as NSDictionary)
        // The copy is a ledger of its own: it takes appends without touching the source.
        let append = try sandbox.run(
            ["append", "FavoriteAdded", #"{"dishId":"congee"}"#, "--ledger", destination],
            useLedgerOption: false)
        #expect(append.status == 0)
        #expect(try export(destination, in: sandbox).count == 86)
        #expect(try sandbox.eventCount() == 85)
    }

    @Test func anExistingDestinationIsAStorageErrorAndStaysUntouched() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let destination = try sandbox.write("precious.lmdb", "not to be overwritten\n")
        let result = try sandbox.run(["backup", destination])
        expectFailure(result, exit: 5, mentions: ["precious.lmdb"])
        #expect(try String(contentsOfFile: destination, encoding: .utf8) == "not to be overwritten\n")
        #expect(!sandbox.exists("precious.lmdb-lock"))
        // A ledger is not overwritten either.
        try sandbox.ok(["backup", sandbox.path("first.lmdb")])
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.path("first.lmdb")))
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        expectFailure(try sandbox.run(["backup", sandbox.path("first.lmdb")]), exit: 5, mentions: ["first.lmdb"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.path("first.lmdb"))) == before)
    }

    /// The temporary files of backups to `name` in the sandbox (`NAME.partial-PID`).
    func temporaries(of name: String, in sandbox: LedgerSandbox) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sandbox.directory.path).filter { $0.hasPrefix(name + ".partial-") }
    }

    @Test(.processTestLimit)
    func aKilledBackupLeavesNoDestinationAndDoesNotBlockTheNext() throws {
        let sandbox = try LedgerSandbox()
        let lines = (0..<60_000).map { #"{"type":"FavoriteAdded","data":{"dishId":"dish-\#($0)"}}"# }
        try sandbox.ok(["append", "--batch", try sandbox.write("big.ndjson", lines.joined(separator: "\n") + "\n")])
        let destination = sandbox.path("copy.lmdb")

        let killed = try sandbox.runKilled(["backup", destination], at: .writing(1 << 20))
        try #require(killed.killed, "the backup should be killed while it copies: \(killed)")
        #expect(!sandbox.exists("copy.lmdb"), "a killed backup leaves no partial copy at its destination")
        #expect(try temporaries(of: "copy.lmdb", in: sandbox).count == 1, "the killed backup wrote under a temporary name")

        try sandbox.ok(["backup", destination])
        #expect(try temporaries(of: "copy.lmdb", in: sandbox).isEmpty, "the next backup removes the dead one's temporary file")
        #expect(try export(destination, in: sandbox) == export(sandbox.ledgerPath, in: sandbox))
    }

    @Test func aBackupOfAMissingLedgerIsAStorageErrorAndWritesNothing() throws {
        let sandbox = try LedgerSandbox()
        let destination = sandbox.path("copy.lmdb")
        expectFailure(try sandbox.run(["backup", destination]), exit: 5)
        #expect(!sandbox.exists("copy.lmdb"))
        #expect(!sandbox.exists("ledger.lmdb"), "a backup creates no source ledger")
    }

    @Test func aDestinationInAMissingDirectoryIsAStorageError() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        expectFailure(try sandbox.run(["backup", sandbox.path("no/such/dir/copy.lmdb")]), exit: 5, mentions: ["copy.lmdb"])
    }

    @Test func backupNeedsADestination() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        expectFailure(try sandbox.run(["backup"]), exit: 2)
    }
}
