import Foundation
import LedgerCLITestSupport
import Testing

/// Writes through a shared PostgreSQL primary, each replica a file of its own written
/// by processes of its own: positions stay gapless, rules and expected versions hold across
/// replicas, and after `sync` every replica is the primary's log.
@Suite(TestPrimary.available) struct PrimaryWriteTests {
    /// Appends the batch files `DIR/wWORKER-0.ndjson` … `-(COUNT-1)` in turn to its replica
    /// through the primary; a failure is written to `DIR/wWORKER.report` and ends the worker
    /// with a non-zero status. Arguments: LEDGER-BINARY REPLICA PRIMARY DIR WORKER COUNT.
    static let writer = #"""
        bin="$1"; replica="$2"; primary="$3"; dir="$4"; worker="$5"; count="$6"
        for i in $(seq 0 $((count - 1))); do
            "$bin" append --batch "$dir/w$worker-$i.ndjson" --ledger "$replica" --primary "$primary" \
                > /dev/null 2> "$dir/w$worker.report" || { echo "batch $i exited $?: $(cat "$dir/w$worker.report")" > "$dir/w$worker.report"; exit 1; }
        done
        rm -f "$dir/w$worker.report"
        """#

    @Test(.processTestLimit)
    func fourReplicasWithTwoWritersEachEndIdenticalAfterSync() throws {
        let primary = try TestPrimary.freshDatabase()
        let sandbox = try LedgerSandbox()
        let replicas = (0..<4).map { sandbox.path("replica-\($0).lmdb") }
        let writers = 8, batches = 15, perBatch = 4
        var ids: Set<String> = []
        for worker in 0..<writers {
            var events = GeneratedBatches.Private(seed: UInt64(worker), prefix: "w\(worker)-", label: "W\(worker)")
            for batch in 0..<batches {
                let lines = (0..<perBatch).map { _ in
                    let event = events.next()
                    ids.insert(event.id!.description)
                    return GeneratedBatches.line(event)
                }
                try GeneratedBatches.write(lines, to: sandbox.path("w\(worker)-\(batch).ndjson"))
            }
        }
        let statuses = try Workers.run(
            script: Self.writer,
            argumentLists: (0..<writers).map { worker in
                [
                    LedgerSandbox.executable.path, replicas[worker % replicas.count], primary, sandbox.directory.path,
                    String(worker), String(batches),
                ]
            })
        for (worker, status) in statuses.enumerated() {
            let report = (try? String(contentsOfFile: sandbox.path("w\(worker).report"), encoding: .utf8)) ?? ""
            #expect(status == 0, "writer \(worker) failed: \(report)")
        }

        var exports: [String] = []
        for replica in replicas {
            try sandbox.ok(["sync", "--primary", primary], ledger: replica)
            #expect(try sandbox.ok(["verify"], ledger: replica).stdout.hasPrefix("ok: "))
            exports.append(try sandbox.ok(["export"], ledger: replica).stdout)
        }
        #expect(Set(exports).count == 1, "every replica's export is the same, byte for byte")
        let log = try exports[0].split(separator: "\n").map { try #require(try LedgerSandbox.json(String($0)) as? [String: Any]) }
        let total = writers * batches * perBatch
        #expect(log.map { $0.int("position") } == Array(1...total), "positions are gapless: nothing lost or doubled")
        #expect(Set(log.compactMap { $0.string("id") }) == ids, "every writer's events are there, once")
        #expect(log.last?.int("commit") == writers * batches, "each batch is one commit")
        #expect(try TestPrimary.query(primary, "SELECT count(*), max(position) FROM ledger_events") == "\(total)|\(total)")
    }

    @Test func theSameCategoryNameOnTwoReplicasAtOnceIsCreatedOnce() throws {
        let primary = try TestPrimary.freshDatabase()
        let sandbox = try LedgerSandbox()
        let replicas = [sandbox.path("a.lmdb"), sandbox.path("b.lmdb")]
        let script = #"""
            "$1" append CategoryCreated "{\"categoryId\":\"$4\",\"name\":\"Mammal\"}" --ledger "$2" --primary "$3" > /dev/null 2> "$2.err"
            """#
        let statuses = try Workers.run(
            script: script,
            argumentLists: replicas.enumerated().map { index, replica in
                [LedgerSandbox.executable.path, replica, primary, "mammal-\(index)"]
            })
        #expect(statuses.sorted() == [0, 1], "exactly one succeeds, the other is refused by the rule")
        let refused = replicas[statuses.firstIndex(of: 1) ?? 0]
        #expect(try String(contentsOfFile: refused + ".err", encoding: .utf8).contains("unique"))
        for replica in replicas {
            try sandbox.ok(["sync", "--primary", primary], ledger: replica)
            let categories = try LedgerSandbox.json(try sandbox.ok(["query", "categories", "--json"], ledger: replica).stdout)
            #expect((categories as? [[String: Any]])?.map { $0.string("name") } == ["Mammal"])
        }
    }

    @Test func anExpectedVersionMovedOnAnotherReplicaIsAConflict() throws {
        let primary = try TestPrimary.freshDatabase()
        let first = try LedgerSandbox(), second = try LedgerSandbox()
        try first.ok(["append", "ArtistCreated", #"{"artistId":"band","name":"Band"}"#, "--primary", primary])
        try second.ok(["sync", "--primary", primary])
        try first.ok(["append", "ArtistRenamed", #"{"artistId":"band","name":"Band II"}"#, "--expect", "1", "--primary", primary])
        let stale = try second.run([
            "append", "ArtistRenamed", #"{"artistId":"band","name":"Band III"}"#, "--expect", "1",
            "--primary", primary,
        ])
        expectFailure(stale, exit: 3, mentions: ["artist-band", "version 2"])
        #expect(try second.log().count == 1, "a refused write changes nothing locally")
        try second.ok(["sync", "--primary", primary])
        #expect(try second.log().compactMap { ($0["data"] as? [String: Any])?.string("name") } == ["Band", "Band II"])
    }

    @Test func anUndoGoesThroughThePrimaryAndSeesTheOtherReplicasCommits() throws {
        let primary = try TestPrimary.freshDatabase()
        let first = try LedgerSandbox(), second = try LedgerSandbox()
        try first.ok(["append", "ArtistCreated", #"{"artistId":"band","name":"Band"}"#, "--primary", primary])
        try second.ok(["sync", "--primary", primary])
        try second.ok(["append", "ArtistRenamed", #"{"artistId":"band","name":"Band II"}"#, "--primary", primary])
        // The first replica has not seen commit 2: its undo catches up inside the primary's lock.
        expectFailure(try first.run(["undo", "1", "--primary", primary]), exit: 3, mentions: ["commit 2", "artist-band"])
        let undo = try LedgerSandbox.json(try first.ok(["undo", "2", "--json", "--primary", primary]).stdout) as? [String: Any]
        #expect(undo?.int("commit") == 3)
        try second.ok(["sync", "--primary", primary])
        let artists = try LedgerSandbox.json(try second.ok(["query", "artists", "--json"]).stdout) as? [[String: Any]]
        #expect(artists?.map { $0.string("name") } == ["Band"])
        #expect(try second.log().last?["metadata"] as? [String: String] == ["undoes": "2"])
        #expect(try first.ok(["export"]).stdout == (try second.ok(["export"]).stdout))
    }

    @Test(.processTestLimit)
    func aReplicaKilledAfterThePrimaryCommittedCatchesUpOnItsNextWrite() throws {
        let primary = try TestPrimary.freshDatabase()
        let killed = try LedgerSandbox(), other = try LedgerSandbox()
        try killed.loadSeeds()
        try killed.ok(["push", "--primary", primary])
        // Entities of their own: the seeds' category names must not meet the generator's.
        var events = GeneratedBatches.Private(seed: 3, prefix: "g-", label: "Generated")
        let lines = (0..<2_000).map { _ in GeneratedBatches.line(events.next()) }
        let batch = try GeneratedBatches.write(lines, to: killed.path("batch.ndjson"))
        let run = try killed.runKilled(["append", "--batch", batch, "--primary", primary], at: .writing(1))
        #expect(run.killed || run.status == 0, "\(run): \(run.stderr)")
        #expect(
            try TestPrimary.query(primary, "SELECT count(*) FROM ledger_events") == String(Seeds.eventCount + 2_000),
            "the primary committed before the replica wrote a byte of its file")

        try killed.ok(["append", "ArtistCreated", #"{"artistId":"after","name":"After"}"#, "--primary", primary])
        try other.ok(["sync", "--primary", primary])
        #expect(try killed.ok(["verify"]).stdout.hasPrefix("ok: \(Seeds.eventCount + 2_001) events"))
        #expect(try killed.ok(["export"]).stdout == (try other.ok(["export"]).stdout), "its state equals the others'")
    }

    @Test func watchOnAReplicaPrintsOtherReplicasCommitsAsTheyLand() throws {
        let primary = try TestPrimary.freshDatabase()
        let watching = try LedgerSandbox(), writing = try LedgerSandbox()
        try watching.ok(["sync", "--primary", primary])
        let watcher = try BackgroundLedger(["watch", "--json", "--from", "1", "--primary", primary], in: watching)
        try writing.ok(["append", "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#, "--primary", primary])
        try writing.ok(
            ["append", "--batch", "-", "--primary", primary],
            input: """
                {"type":"SongAdded","data":{"songId":"waterloo","title":"Waterloo","artistId":"abba"}}
                {"type":"FavoriteAdded","data":{"dishId":"congee"}}
                """)
        let lines = watcher.waitForLines(3, within: 20)
        watcher.stop()
        #expect(lines == (try writing.ok(["export"]).lines), "watch printed the other replica's events; stderr: \(watcher.stderr)")
        #expect(try watching.ok(["export"]).stdout == (try writing.ok(["export"]).stdout), "and its replica holds them")
    }
}

/// A primary that stops mid-run: writes exit 5 and change nothing, reads keep answering, and
/// after it is back a writer retries with the same event ids without doubling anything.
@Suite(TestPrimary.available) struct StoppedPrimaryTests {
    @Test(.processTestLimit)
    func writesExitFiveWhileReadsAnswerAndRetriesAfterARestartDoubleNothing() throws {
        let sandbox = try LedgerSandbox()
        let cluster = sandbox.path("primary")
        let primary = try TestPrimary.control("start", cluster)
        defer { _ = try? TestPrimary.control("stop", cluster) }
        let first = [
            "append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#, "--id", "018f0000-0000-7000-8000-000000000001",
            "--primary", primary,
        ]
        let second = [
            "append", "ArtistCreated", #"{"artistId":"b","name":"B"}"#, "--id", "018f0000-0000-7000-8000-000000000002",
            "--primary", primary,
        ]
        try sandbox.ok(first)

        try TestPrimary.control("stop", cluster)
        expectFailure(try sandbox.run(second), exit: 5, mentions: ["primary unreachable"])
        expectFailure(try sandbox.run(["sync", "--primary", primary]), exit: 5, mentions: ["primary unreachable"])
        #expect(try sandbox.log().count == 1, "reads answer, and the failed write changed nothing")
        #expect(try sandbox.array(["query", "artists", "--primary", primary]).map { $0.string("name") } == ["A"])

        try TestPrimary.control("start", cluster)
        try sandbox.ok(second)
        try sandbox.ok(second)
        try sandbox.ok(first)
        let log = try sandbox.log()
        #expect(log.map { $0.int("position") } == [1, 2], "the retries appended nothing more")
        #expect(log.map { $0.string("id") } == ["018f0000-0000-7000-8000-000000000001", "018f0000-0000-7000-8000-000000000002"])
        let replica = try LedgerSandbox()
        try replica.ok(["sync", "--primary", primary])
        #expect(try replica.ok(["export"]).stdout == (try sandbox.ok(["export"]).stdout))
    }
}
