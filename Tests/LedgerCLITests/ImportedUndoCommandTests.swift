import LedgerCLITestSupport
import Testing

/// `ledger import` of an undo commit: its `undoes` names the undone commit as the importing
/// ledger numbers it, the ledger verifies, and undoing the imported undo redoes.
@Suite struct ImportedUndoCommandTests {
    /// The seeds (commits 1–3), money retitled (commit 4), and that retitle undone (commit 5).
    func sourceWithAnUndo() throws -> LedgerSandbox {
        let source = try LedgerSandbox()
        try source.loadSeeds()
        let retitle = try source.commitNumber([UndoCase.line("SongRetitled", #"{"songId":"money","title":"Money!"}"#)])
        #expect(try source.undo(retitle) == 5)
        return source
    }

    /// The lines of `ledger export` (with `options`).
    func export(_ sandbox: LedgerSandbox, _ options: [String] = []) throws -> [String] {
        try sandbox.ok(["export"] + options).lines
    }

    /// The `undoes` metadata of the events of `commit`.
    func undoes(_ sandbox: LedgerSandbox, commit: Int) throws -> [String?] {
        try sandbox.log().filter { $0.int("commit") == commit }.map { ($0["metadata"] as? [String: Any])?.string("undoes") }
    }

    /// The title of the song money.
    func moneyTitle(_ sandbox: LedgerSandbox) throws -> String? {
        try sandbox.array(["query", "songs"]).first { $0.string("songId") == "money" }?.string("title")
    }

    @Test func anUndoImportedAfterOtherCommitsNamesTheRetitlesNumberHereAndRedoes() throws {
        let source = try sourceWithAnUndo()
        let target = try LedgerSandbox()
        try target.ok(["append", "FavoriteAdded", #"{"dishId":"pho"}"#])
        try target.ok(["import", try target.write("all.ndjson", export(source).joined(separator: "\n") + "\n")])
        // Source commits 1–5 are commits 2–6 here: the retitle is 5, its undo 6.
        #expect(try undoes(target, commit: 6) == ["5"])
        try target.ok(["verify"])
        #expect(try moneyTitle(target) == "Money")
        #expect(try target.undo(6) == 7)
        #expect(try undoes(target, commit: 7) == ["6"])
        #expect(try moneyTitle(target) == "Money!")
        let table = try target.ok(["history", "song-money"]).stdout
        #expect(table.contains("undoes=5") && table.contains("undoes=6"), "\(table)")
    }

    @Test func anExportWithAnUndoRoundTripsIntoAnEmptyLedgerByteForByte() throws {
        let source = try sourceWithAnUndo()
        let exported = try export(source)
        let target = try LedgerSandbox()
        try target.ok(["import", try target.write("all.ndjson", exported.joined(separator: "\n") + "\n")])
        #expect(try export(target) == exported)
        try target.ok(["verify"])
    }

    @Test func anUndoOfACommitNotImportedIsRefusedNamingTheLineAndAppendsNothing() throws {
        let source = try sourceWithAnUndo()
        let undoOnly = try export(source, ["--from", "86"])
        let target = try LedgerSandbox()
        try target.ok(["append", "FavoriteAdded", #"{"dishId":"pho"}"#])
        let result = try target.run(["import", try target.write("undo.ndjson", undoOnly.joined(separator: "\n") + "\n")])
        expectFailure(result, exit: 4, mentions: ["line 1", "undoes=4"])
        #expect(try target.eventCount() == 1)
    }
}
