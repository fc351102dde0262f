import Animals
import Favorites
import LedgerCLITestSupport
import Music
import Testing

@testable import EventLedger

/// Read models recorded as built by another version of their domain than the tool's, and
/// damaged version records: commands that need the read model refuse it (exit 5) naming both
/// versions, those that need none answer, and `verify` reports it and changes no byte.
@Suite struct ReadModelVersionCommandTests {
    /// The version of the music domain the `ledger` tool runs.
    static let musicVersion = MusicDomain().readModelVersion

    /// A sandbox holding the seeds whose `artist-songs` read model's version record holds `record`.
    private func seededLedger(artistSongsRecord record: [UInt8]) throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        try sandbox.overwriteCheckpoint(ReadModelVersions.key("artist-songs"), with: record)
        return sandbox
    }

    /// Runs `verify`, which must fail with exit 5, leave the file as it was and report every one of `mentions`.
    private func expectVerifyReports(
        _ mentions: [String], in sandbox: LedgerSandbox,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let before = try sandbox.ledgerBytes()
        let verified = try sandbox.run(["verify"])
        #expect(verified.status == 5, "\(verified.stderr)", sourceLocation: sourceLocation)
        for mention in mentions {
            #expect(
                verified.stdout.contains(mention) && verified.stderr.contains(mention),
                "\(mention): \(verified.stdout) \(verified.stderr)", sourceLocation: sourceLocation)
        }
        #expect(try sandbox.ledgerBytes() == before, "verify changed the file", sourceLocation: sourceLocation)
    }

    /// Expects the commands that need no read model to answer.
    private func expectLogCommandsAnswer(in sandbox: LedgerSandbox, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try sandbox.log(sourceLocation: sourceLocation).count == Seeds.eventCount, sourceLocation: sourceLocation)
        #expect(try sandbox.ok(["history", "artist-queen"], sourceLocation: sourceLocation).lines.count > 1, sourceLocation: sourceLocation)
        #expect(try sandbox.ok(["export"], sourceLocation: sourceLocation).lines.count == Seeds.eventCount, sourceLocation: sourceLocation)
        #expect(try sandbox.stats(sourceLocation: sourceLocation).int("events") == Seeds.eventCount, sourceLocation: sourceLocation)
        try sandbox.ok(["backup", sandbox.path("backup.lmdb")], sourceLocation: sourceLocation)
        #expect(sandbox.exists("backup.lmdb"), sourceLocation: sourceLocation)
    }

    @Test func aReadModelOfANewerVersionIsRefusedForWritingAndRebuildingAndLeftUnchanged() throws {
        let newer = Self.musicVersion + 1
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let export = try sandbox.write("export.ndjson", try sandbox.ok(["export"]).stdout)
        let session = try sandbox.beginSession()
        try sandbox.stage(session, "ArtistCreated", #"{"artistId":"staged","name":"Staged"}"#)
        try sandbox.overwriteCheckpoint(ReadModelVersions.key("artist-songs"), with: LedgerTables.bigEndian(UInt64(newer)))
        let before = try sandbox.ledgerBytes()
        let refusal = #""artist-songs" was built by a newer version of its domain (\#(newer); this tool's is \#(Self.musicVersion))"#
        for command in [
            ["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#], ["rebuild"], ["rebuild", "animal-category"],
            ["session", "begin"], ["session", "commit", session], ["import", export], ["undo", "1"], ["query", "artists"],
        ] {
            expectFailure(try sandbox.run(command), exit: 5, mentions: [refusal, sandbox.ledgerPath])
        }
        #expect(try sandbox.ledgerBytes() == before)
        #expect(try sandbox.array(["query", "animals"]).count > 0, "a read model of the tool's version answers")
        try expectVerifyReports([refusal], in: sandbox)
        try expectLogCommandsAnswer(in: sandbox)
        #expect(try sandbox.ledgerBytes() == before)
    }

    @Test func aReadModelOfAnEarlierVersionIsReportedByVerifyUnchangedAndRebuiltByAWrite() throws {
        let earlier = Self.musicVersion - 1
        let sandbox = try seededLedger(artistSongsRecord: LedgerTables.bigEndian(UInt64(earlier)))
        let before = try sandbox.ledgerBytes()
        let outdated = #""artist-songs" was built by an earlier version of its domain (\#(earlier); this tool's is \#(Self.musicVersion))"#
        expectFailure(try sandbox.run(["query", "artists"]), exit: 5, mentions: [outdated, "ledger rebuild"])
        try expectVerifyReports([outdated], in: sandbox)
        try expectLogCommandsAnswer(in: sandbox)
        #expect(try sandbox.ledgerBytes() == before)

        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#])
        #expect(try sandbox.array(["query", "artists"]).contains { $0.string("artistId") == "a" })
        try sandbox.ok(["verify"])
    }

    @Test func theRemedyNamesTheRunningTool() throws {
        let sandbox = try seededLedger(artistSongsRecord: LedgerTables.bigEndian(UInt64(Self.musicVersion - 1)))
        let query = try sandbox.runInProcess(
            ["query", "artists"], name: "lib",
            domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()])
        #expect(query.status == 5)
        #expect(query.stderr.hasPrefix("lib: error: ") && query.stderr.contains("`lib rebuild`"), "\(query.stderr)")
        #expect(!query.stderr.contains("ledger rebuild"), "\(query.stderr)")
    }

    @Test(arguments: [[], [0, 0, 5], [UInt8](repeating: 0, count: 8), [0, 0, 0, 0, 0, 0, 0, 5, 0]])
    func aDamagedReadModelVersionRecordIsDamage(_ record: [UInt8]) throws {
        let sandbox = try seededLedger(artistSongsRecord: record)
        let before = try sandbox.ledgerBytes()
        let damage = #"version record of the read model "artist-songs" is damaged"#
        for command in [["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#], ["rebuild"], ["query", "artists"]] {
            expectFailure(try sandbox.run(command), exit: 5, mentions: [damage])
        }
        #expect(try sandbox.ledgerBytes() == before)
        try expectVerifyReports([damage], in: sandbox)
        try expectLogCommandsAnswer(in: sandbox)
    }

    @Test(arguments: [[], [0, 0, 1], [UInt8](repeating: 0, count: 8), [0, 0, 0, 0, 0, 0, 0, 1, 0]])
    func aDamagedFormatRecordIsRefusedByEveryOpeningAndReportedByVerify(_ record: [UInt8]) throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        try sandbox.overwriteCheckpoint(FileFormat.recordKey, with: record)
        let before = try sandbox.ledgerBytes()
        let damage = "the format record of \(sandbox.ledgerPath) is damaged"
        for command in [
            ["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#], ["rebuild"], ["log"], ["stats"],
            ["query", "artists"], ["verify"],
        ] {
            expectFailure(try sandbox.run(command), exit: 5, mentions: [damage])
        }
        #expect(try sandbox.ledgerBytes() == before)
    }
}

extension LedgerSandbox {
    /// Overwrites the entry `key` of the ledger's `checkpoints` table with `value`, as damage or
    /// another version of the tool would.
    func overwriteCheckpoint(_ key: [UInt8], with value: [UInt8]) throws {
        let ledger = try Ledger(path: ledgerPath, domains: [MusicDomain(), AnimalsDomain(), FavoritesDomain()])
        try ledger.core.environment.write { txn in try txn.put(ledger.core.tables.checkpoints, key, value) }
    }
}
