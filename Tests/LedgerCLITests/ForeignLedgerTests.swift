import Foundation
import LedgerCLITestSupport
import Testing

/// Generic commands on a ledger written with domains the tool does not know: those that need
/// no domain work and leave the file as it was, the others say which read model they lack.
@Suite struct ForeignLedgerTests {
    /// The error naming the memo read model, which the `ledger` tool's domains do not include.
    private static let unknownMemos = #"holds the read model "memos", whose domain this tool does not know"#

    /// A sandbox whose ledger the `memo` tool wrote two memos to.
    private func memoLedger() throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        for (id, text) in [("m1", "milk"), ("m2", "call the plumber")] {
            let appended = try sandbox.memo(["append", "MemoWritten", #"{"memoId":"\#(id)","text":"\#(text)"}"#])
            try #require(appended.status == 0, "\(appended.stderr)")
        }
        return sandbox
    }

    @Test func readCommandsOfTheLedgerToolWorkOnAMemoLedgerAndChangeNoByte() throws {
        let sandbox = try memoLedger()
        let before = try sandbox.ledgerBytes()
        let log = try sandbox.ok(["log"])
        #expect(log.lines.count == 3 && log.lines.dropFirst().allSatisfy { $0.contains("MemoWritten") })
        #expect(try sandbox.ok(["history", "memo-m2"]).stdout.contains("call the plumber"))
        #expect(try sandbox.ok(["export"]).lines.count == 2)
        #expect(try sandbox.ok(["session", "list"]).status == 0)
        let stats = try sandbox.stats()
        #expect(stats.int("events") == 2)
        #expect((stats["checkpoints"] as? [String: Any])?.int("memos") == 2)
        #expect(stats["readModelsOfUnknownDomains"] as? [String] == ["memos"])
        let table = try sandbox.ok(["stats"])
        #expect(table.lines.contains { $0.hasPrefix("checkpoint memos") && $0.contains("its domain is not known to this tool") })
        try sandbox.ok(["backup", sandbox.path("copy.lmdb")])
        let watcher = try BackgroundLedger(["watch", "--from", "1"], in: sandbox)
        let watched = watcher.waitForLines(2)
        #expect(watched.count == 2 && watched.allSatisfy { $0.contains("MemoWritten") }, "\(watched); \(watcher.stderr)")
        #expect(watcher.stop())
        #expect(try sandbox.ledgerBytes() == before)
        let copied = try sandbox.run(["log", "--json", "--ledger", sandbox.path("copy.lmdb")], useLedgerOption: false)
        #expect(copied.lines.count == 2)
    }

    @Test(arguments: [
        ["query", "memos"], ["rebuild"], ["rebuild", "memos"], ["verify"], ["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#],
        ["import"], ["session", "begin"], ["replay", "--to", "1", "--out", "REPLAYED"],
    ])
    func commandsNeedingTheMemoDomainSaySoAndChangeNoByte(_ command: [String]) throws {
        let sandbox = try memoLedger()
        let exported = try sandbox.write("memos.ndjson", try sandbox.memo(["export"]).stdout)
        let before = try sandbox.ledgerBytes()
        let words = command == ["import"] ? ["import", exported] : command.map { $0 == "REPLAYED" ? sandbox.path("replayed.lmdb") : $0 }
        expectFailure(try sandbox.run(words), exit: 5, mentions: [Self.unknownMemos, sandbox.ledgerPath])
        #expect(try sandbox.ledgerBytes() == before)
        #expect(!sandbox.exists("replayed.lmdb"))
    }

    @Test func aQueryOfADomainTheMemoLedgerLacksSaysSoAndChangesNoByte() throws {
        let sandbox = try memoLedger()
        let before = try sandbox.ledgerBytes()
        expectFailure(try sandbox.run(["query", "artists"]), exit: 5, mentions: [#"no read model "artist-songs""#])
        #expect(try sandbox.ledgerBytes() == before)
    }

    @Test func theMemoToolReadsAMusicLedgerAndSaysWhatItLacks() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#])
        let before = try sandbox.ledgerBytes()
        let log = try sandbox.memo(["log"])
        #expect(log.status == 0 && log.lines.count == 2 && log.lines[1].contains("ArtistCreated"))
        #expect(try sandbox.memo(["export"]).lines.count == 1)
        let stats = try sandbox.memo(["stats"])
        #expect(stats.status == 0)
        #expect(stats.lines.contains { $0.hasPrefix("checkpoint artist-songs") && $0.contains("not known to this tool") })
        #expect(!stats.stdout.contains("memos"))
        #expect(try sandbox.memo(["backup", sandbox.path("copy.lmdb")]).status == 0)
        // verify runs the executable again, which an in-process run cannot: the plain `ledger`'s is tested above.
        for command in [["append", "MemoWritten", #"{"memoId":"m1","text":"milk"}"#], ["rebuild"]] {
            let refused = try sandbox.memo(command)
            #expect(refused.status == 5, "\(command): \(refused.stderr)")
            #expect(
                refused.stderr == "memo: error: \(sandbox.ledgerPath) holds the read models \"animal-category\", "
                    + "\"artist-songs\", \"favorites\", whose domains this tool does not know\n")
        }
        let query = try sandbox.memo(["query", "memos"])
        #expect(query.status == 5)
        #expect(query.stderr.hasPrefix("memo: error: \(sandbox.ledgerPath) holds no read model \"memos\""))
        #expect(try sandbox.ledgerBytes() == before)
    }

    @Test func theLedgerToolAddsTheReadModelsAMusicLedgerLacksOnlyWhenWriting() throws {
        let sandbox = try LedgerSandbox()
        let created = try sandbox.music(["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#])
        try #require(created.status == 0, "\(created.stderr)")
        let before = try sandbox.ledgerBytes()
        #expect(try sandbox.ok(["query", "artists"]).lines.count == 2)
        #expect(try sandbox.ok(["verify"]).stdout.hasPrefix("ok: 1 events"))
        expectFailure(try sandbox.run(["query", "animals"]), exit: 5, mentions: [#"holds no read model "animal-category""#])
        let stats = try sandbox.stats()
        #expect((stats["checkpoints"] as? [String: Any]).map { Set($0.keys) } == ["artist-songs"])
        #expect(try sandbox.ledgerBytes() == before)
        try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"b","name":"B"}"#])
        #expect(try sandbox.ok(["query", "animals"]).status == 0)
        #expect((try sandbox.stats()["checkpoints"] as? [String: Any]).map { Set($0.keys) } == ["artist-songs", "animal-category", "favorites"])
        #expect(try sandbox.ok(["verify"]).stdout.hasPrefix("ok: 2 events"))
        // The file now holds read models the music tool does not know: it still reads its own, and writes nothing.
        let artists = try sandbox.music(["query", "artists", "--json"])
        #expect(artists.status == 0)
        #expect(try (LedgerSandbox.json(artists.stdout) as? [[String: Any]])?.compactMap { $0.string("name") } == ["A", "B"])
        let refused = try sandbox.music(["append", "ArtistCreated", #"{"artistId":"c","name":"C"}"#])
        #expect(refused.status == 5)
        #expect(refused.stderr.contains(#"holds the read models "animal-category", "favorites", whose domains this tool does not know"#))
    }
}
