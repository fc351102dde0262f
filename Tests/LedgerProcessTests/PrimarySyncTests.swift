import Foundation
import LedgerCLITestSupport
import Testing

/// A shared PostgreSQL primary: `push` copies a ledger into it, `sync` makes and
/// updates replicas, and a replica is written only through its own primary.
@Suite(TestPrimary.available) struct PrimarySyncTests {
    @Test(.processTestLimit)
    func aPushedTenThousandEventLedgerSyncsIntoAnIdenticalReplica() throws {
        let original = try LedgerSandbox()
        let lines = GeneratedBatches.lines(seed: 16, count: 10_000)
        for (index, start) in stride(from: 0, to: lines.count, by: 2_500).enumerated() {
            let batch = try GeneratedBatches.write(Array(lines[start..<start + 2_500]), to: original.path("batch-\(index).ndjson"))
            try original.ok(["append", "--batch", batch])
        }
        let primary = try TestPrimary.freshDatabase()
        #expect(try original.ok(["push", "--primary", primary]).stdout == "pushed 10000 events\n")
        #expect(
            try TestPrimary.query(primary, "SELECT count(*), min(position), max(position), max(commit) FROM ledger_events")
                == "10000|1|10000|4")

        let replica = try LedgerSandbox()
        #expect(try replica.ok(["sync", "--primary", primary]).stdout == "synced 10000 events\n")
        let export = try original.ok(["export"]).stdout
        #expect(try replica.ok(["export"]).stdout == export, "the replica's export is the original's, byte for byte")
        #expect(try replica.ok(["verify"]).stdout.hasPrefix("ok: 10000 events"))
        #expect(try replica.ok(["sync", "--primary", primary]).stdout == "synced 0 events\n")

        let again = try LedgerSandbox()
        try again.loadSeeds()
        expectFailure(try again.run(["push", "--primary", primary]), exit: 4, mentions: ["already holds events"])
    }

    @Test func sessionCommitsAndImportsGoThroughThePrimary() throws {
        let primary = try TestPrimary.freshDatabase()
        let source = try LedgerSandbox()
        try source.loadSeeds()
        let exported = try source.write("export.ndjson", try source.ok(["export"]).stdout)

        let replica = try LedgerSandbox()
        try replica.ok(["import", exported, "--primary", primary])
        let session = try replica.beginSession()
        try replica.stage(session, "ArtistCreated", #"{"artistId":"abba","name":"ABBA"}"#)
        expectFailure(try replica.run(["session", "commit", session]), exit: 5, mentions: ["is a replica of primary"])
        try replica.ok(["session", "commit", session, "--primary", primary])

        let other = try LedgerSandbox()
        try other.ok(["sync", "--primary", primary])
        #expect(try other.log().count == Seeds.eventCount + 1)
        #expect(try other.ok(["export"]).stdout == (try replica.ok(["export"]).stdout))
    }

    @Test func aReplicaIsWrittenOnlyThroughItsOwnPrimary() throws {
        let primary = try TestPrimary.freshDatabase()
        let replica = try LedgerSandbox()
        try replica.ok(["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#, "--primary", primary])
        let event = ["append", "ArtistCreated", #"{"artistId":"b","name":"B"}"#]
        expectFailure(try replica.run(event), exit: 5, mentions: ["is a replica of primary"])
        expectFailure(
            try replica.run(event + ["--primary", try TestPrimary.freshDatabase()]), exit: 5,
            mentions: ["not of the one given"])
        expectFailure(
            try replica.run(event, environment: ["LEDGER_PRIMARY": try TestPrimary.freshDatabase()]), exit: 5,
            mentions: ["not of the one given"])
        #expect(try replica.eventCount() == 1, "reads still answer, and nothing was written")

        let ownLedger = try LedgerSandbox()
        try ownLedger.loadSeeds()
        expectFailure(try ownLedger.run(["sync", "--primary", primary]), exit: 5, mentions: ["holds events of its own"])
        expectFailure(try ownLedger.run(event + ["--primary", primary]), exit: 5, mentions: ["holds events of its own"])
    }
}

/// Without a reachable primary: a write exits 5 without showing the connection string's
/// password, and a process that uses no primary never loads libpq.
@Suite struct UnreachablePrimaryTests {
    @Test(arguments: [
        "postgresql://ledger:hunter2-word@127.0.0.1:1/ledger",
        "host=127.0.0.1 port=1 user=ledger password=hunter2-word",
    ])
    func aWriteExitsFiveWithoutShowingThePassword(primary: String) throws {
        let sandbox = try LedgerSandbox()
        let result = try sandbox.run(["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#, "--primary", primary])
        expectFailure(result, exit: 5, mentions: ["primary unreachable"])
        #expect(!result.stderr.contains("hunter2"), "\(result.stderr)")
        #expect(try sandbox.eventCount() == 0)
    }

    @Test func aNewReplicaIsNotCreatedWhileItsPrimaryIsUnreachable() throws {
        let sandbox = try LedgerSandbox()
        let primary = "postgresql://ledger@127.0.0.1:1/ledger"
        expectFailure(try sandbox.run(["sync", "--primary", primary]), exit: 5, mentions: ["primary unreachable"])
        expectFailure(
            try sandbox.run(["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#, "--primary", primary]),
            exit: 5, mentions: ["primary unreachable"])
        #expect(!FileManager.default.fileExists(atPath: sandbox.ledgerPath), "no empty replica is left behind")
    }

    @Test func theToolLinksNoLibpqSoOnlyAPrimaryLoadsIt() throws {
        let linked = try Programs.run("/usr/bin/ldd", [LedgerSandbox.executable.path])
        #expect(linked.status == 0, "ldd: \(linked.stderr)")
        #expect(linked.stdout.contains("liblmdb"), "ldd lists the shared libraries: \(linked.stdout)")
        #expect(!linked.stdout.contains("libpq"), "\(linked.stdout)")
    }
}
