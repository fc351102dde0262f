import Testing

/// A tool of one's own: the generic commands run with domains the `ledger` tool does not
/// know, under the tool's name.
@Suite struct OwnToolTests {
    /// Runs the `memo` tool on the memo domain in `sandbox`.
    private func memo(_ arguments: [String], in sandbox: LedgerSandbox) throws -> RunResult {
        try sandbox.runInProcess(arguments, name: "memo", domains: [MemoDomain()])
    }

    @Test func commandsRunWithTheGivenDomains() throws {
        let sandbox = try LedgerSandbox()
        for (id, text) in [("m1", "milk"), ("m2", "call the plumber")] {
            let appended = try memo(["append", "MemoWritten", #"{"memoId":"\#(id)","text":"\#(text)"}"#], in: sandbox)
            #expect(appended.status == 0, "\(appended.stderr)")
        }
        let memos = try memo(["query", "memos"], in: sandbox)
        #expect(memos.status == 0)
        #expect(memos.lines == ["TEXT", "milk", "call the plumber"])
        let long = try memo(["query", "memos", "--long", "--json"], in: sandbox)
        #expect(long.lines == [#"["call the plumber"]"#])
        let log = try memo(["log"], in: sandbox)
        #expect(log.status == 0)
        #expect(log.lines.count == 3 && log.lines.dropFirst().allSatisfy { $0.contains("MemoWritten") })
        let rebuilt = try memo(["rebuild"], in: sandbox)
        #expect(rebuilt.status == 0)
        #expect(rebuilt.stderr.contains("rebuild: 100% (2/2 events)"))
        #expect(try memo(["query", "memos"], in: sandbox).lines == memos.lines)
    }

    @Test func errorsNameTheProgram() throws {
        let sandbox = try LedgerSandbox()
        let unknownCommand = try memo(["frobnicate"], in: sandbox)
        #expect(unknownCommand.status == 2)
        #expect(unknownCommand.stderr == "memo: error: unknown command \"frobnicate\" (see memo --help)\n")
        let demoEvent = try memo(["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#], in: sandbox)
        #expect(demoEvent.status == 4)
        #expect(demoEvent.stderr == "memo: error: unknown event type \"ArtistCreated\"\n")
        try #require(try memo(["append", "MemoWritten", #"{"memoId":"m1","text":"milk"}"#], in: sandbox).status == 0)
        let demoModel = try memo(["query", "artists"], in: sandbox)
        #expect(demoModel.status == 4)
        #expect(demoModel.stderr == "memo: error: unknown read model \"artists\" (known: memos)\n")
        let demoFlag = try memo(["query", "memos", "--orphans"], in: sandbox)
        #expect(demoFlag.status == 2)
        #expect(demoFlag.stderr.hasPrefix("memo: error: ") && demoFlag.stderr.contains("--orphans"))
    }

    @Test func helpListsTheGivenDomainsUnderTheProgramName() throws {
        let sandbox = try LedgerSandbox()
        let overview = try memo(["--help"], in: sandbox)
        #expect(overview.stdout.hasPrefix("usage: memo COMMAND"))
        #expect(overview.stdout.contains("Run `memo COMMAND --help`"))
        let query = try memo(["query", "--help"], in: sandbox)
        #expect(query.stdout.hasPrefix("usage: memo query MODEL [ARG] [--long] "))
        #expect(query.stdout.contains("  memos [--long]"))
        #expect(query.stdout.contains("every memo, by id"))
        #expect(!query.stdout.contains("artists") && !query.stdout.contains("--orphans"))
        let session = try memo(["session", "--help"], in: sandbox)
        #expect(session.stdout.contains("       memo session add ID TYPE"))
    }
}
