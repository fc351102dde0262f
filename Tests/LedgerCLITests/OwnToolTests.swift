import LedgerCLITestSupport
import Testing

/// A tool of one's own: the generic commands run with domains the `ledger` tool does not
/// know, under the tool's name.
@Suite struct OwnToolTests {
    @Test func commandsRunWithTheGivenDomains() throws {
        let sandbox = try LedgerSandbox()
        for (id, text) in [("m1", "milk"), ("m2", "call the plumber")] {
            let appended = try sandbox.memo(["append", "MemoWritten", #"{"memoId":"\#(id)","text":"\#(text)"}"#])
            #expect(appended.status == 0, "\(appended.stderr)")
        }
        let memos = try sandbox.memo(["query", "memos"])
        #expect(memos.status == 0)
        #expect(memos.lines == ["TEXT", "milk", "call the plumber"])
        let long = try sandbox.memo(["query", "memos", "--long", "--json"])
        #expect(long.lines == [#"["call the plumber"]"#])
        let log = try sandbox.memo(["log"])
        #expect(log.status == 0)
        #expect(log.lines.count == 3 && log.lines.dropFirst().allSatisfy { $0.contains("MemoWritten") })
        let rebuilt = try sandbox.memo(["rebuild"])
        #expect(rebuilt.status == 0)
        #expect(rebuilt.stderr.contains("rebuild: 100% (2/2 events)"))
        #expect(try sandbox.memo(["query", "memos"]).lines == memos.lines)
    }

    @Test func anAnswerWithoutRowsPrintsTheHeadingOfItsRowType() throws {
        let sandbox = try LedgerSandbox()
        let appended = try sandbox.memo(["append", "MemoWritten", #"{"memoId":"m1","text":"milk"}"#])
        #expect(appended.status == 0, "\(appended.stderr)")
        let none = try sandbox.memo(["query", "memos", "--long"])
        #expect(none.status == 0)
        #expect(none.lines == ["TEXT"])
        #expect(try sandbox.memo(["query", "memos", "--long", "--json"]).lines == ["[]"])
    }

    @Test func errorsNameTheProgram() throws {
        let sandbox = try LedgerSandbox()
        let unknownCommand = try sandbox.memo(["frobnicate"])
        #expect(unknownCommand.status == 2)
        #expect(unknownCommand.stderr == "memo: error: unknown command \"frobnicate\" (see memo --help)\n")
        let demoEvent = try sandbox.memo(["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#])
        #expect(demoEvent.status == 4)
        #expect(demoEvent.stderr == "memo: error: unknown event type \"ArtistCreated\"\n")
        try #require(try sandbox.memo(["append", "MemoWritten", #"{"memoId":"m1","text":"milk"}"#]).status == 0)
        let demoModel = try sandbox.memo(["query", "artists"])
        #expect(demoModel.status == 4)
        #expect(demoModel.stderr == "memo: error: unknown query \"artists\" (known: memos)\n")
        let demoFlag = try sandbox.memo(["query", "memos", "--orphans"])
        #expect(demoFlag.status == 2)
        #expect(demoFlag.stderr.hasPrefix("memo: error: ") && demoFlag.stderr.contains("--orphans"))
    }

    @Test func helpListsTheGivenDomainsUnderTheProgramName() throws {
        let sandbox = try LedgerSandbox()
        let overview = try sandbox.memo(["--help"])
        #expect(overview.stdout.hasPrefix("usage: memo COMMAND"))
        #expect(overview.stdout.contains("Run `memo COMMAND --help`"))
        let query = try sandbox.memo(["query", "--help"])
        #expect(query.stdout.hasPrefix("usage: memo query QUERY [ARG] [--long] "))
        #expect(query.stdout.contains("  memos [--long]"))
        #expect(query.stdout.contains("every memo, by id"))
        #expect(!query.stdout.contains("artists") && !query.stdout.contains("--orphans"))
        let session = try sandbox.memo(["session", "--help"])
        #expect(session.stdout.contains("       memo session add ID TYPE"))
    }
}
