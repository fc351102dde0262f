import Foundation
import LedgerCLITestSupport
import Music
import Testing

@testable import EventLedger

/// `MemoWritten` as a later `lib` tool knows it: schema version 2 adds an optional `pinned`.
private struct PinnedMemoWritten: DomainEvent {
    static var typeName: String { "MemoWritten" }
    static let createdEntityField: String? = "memoId"
    static let upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] = [{ $0 }]
    @ID var memoId: String
    @Name var text: String
    var pinned: Bool?

    var stream: String { "memo-\(memoId)" }
}

/// The memo domain of a later `lib` tool, whose `MemoWritten` is at schema version 2.
private struct LaterMemoDomain: LedgerDomain {
    let memos = MemoDomain()
    var readModelName: String { memos.readModelName }
    var events: [EventCase<MemoEvent>] {
        [EventCase(PinnedMemoWritten.self) { .written(MemoWritten(memoId: $0.memoId, text: $0.text)) }]
    }
    var tables: [any DeclaredTable] { memos.tables }
    var queries: [QueryDefinition] { memos.queries }

    func check(_ event: MemoEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {}

    func apply(_ event: MemoEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        try memos.apply(event, context: context, to: readModel)
    }
}

/// A memo's row as a changed `lib` tool stores it, without raising its read model's version.
private struct MemoRow: Codable, Sendable {
    var text: String
    var pinned = false
}

/// The memo domain storing `MemoRow`s in its `memos` table, at the same read-model version.
private struct ReshapedMemoDomain: LedgerDomain {
    static let memos = ReadModelTable<String, MemoRow>(readModel: "memos", name: "memos")
    var readModelName: String { "memos" }
    var events: [EventCase<MemoEvent>] { MemoDomain().events }
    var tables: [any DeclaredTable] { [Self.memos] }
    var queries: [QueryDefinition] { [] }

    func check(_ event: MemoEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {}

    func apply(_ event: MemoEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .written(let memo): try readModel.set(Self.memos, memo.memoId, MemoRow(text: memo.text))
        }
    }
}

/// Files a tool must not write to: events of a newer schema version than the tool's types
/// know, tables whose shape changed without a raised read-model version. The refusals exit
/// 5 naming the running tool; the commands that need no read model still answer.
@Suite struct VersionSafetyCommandTests {
    /// Runs `lib ARGS` on the sandbox's ledger with `domain`.
    private func lib(_ arguments: [String], _ domain: any LedgerDomain, in sandbox: LedgerSandbox) throws -> RunResult {
        try sandbox.runInProcess(arguments, name: "lib", domains: [domain])
    }

    /// Expects `result` to be `lib`'s refusal, exit 5, mentioning every one of `mentions`.
    private func expectRefusal(_ result: RunResult, mentions: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 5, "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("lib: error: ") && result.stderr.hasSuffix("\n"), "\(result.stderr)", sourceLocation: sourceLocation)
        for mention in mentions {
            #expect(result.stderr.contains(mention), "\(mention): \(result.stderr)", sourceLocation: sourceLocation)
        }
    }

    @Test func eventsOfANewerSchemaVersionAreRefusedForWritesAndRebuildsAndTheLogIsRead() throws {
        let sandbox = try LedgerSandbox()
        let later = try lib(["append", "MemoWritten", #"{"memoId":"m1","text":"milk","pinned":true}"#], LaterMemoDomain(), in: sandbox)
        #expect(later.status == 0, "\(later.stderr)")
        let export = try sandbox.write("export.ndjson", try lib(["export"], LaterMemoDomain(), in: sandbox).stdout)
        let before = try sandbox.ledgerBytes()

        let newer = "MemoWritten events of a newer schema version (2; this tool's is 1)"
        for command in [
            ["append", "MemoWritten", #"{"memoId":"m2","text":"eggs"}"#], ["rebuild"], ["import", export], ["session", "begin"],
        ] {
            expectRefusal(try lib(command, MemoDomain(), in: sandbox), mentions: [sandbox.ledgerPath, newer])
        }
        #expect(try sandbox.ledgerBytes() == before)

        let log = try lib(["log", "--json"], MemoDomain(), in: sandbox)
        #expect(log.status == 0 && log.stdout.contains(#""schemaVersion":2"#), "\(log.stderr)")
        #expect(try lib(["history", "memo-m1"], MemoDomain(), in: sandbox).status == 0)
        #expect(try lib(["export"], MemoDomain(), in: sandbox).lines.count == 1)
        #expect(try lib(["stats"], MemoDomain(), in: sandbox).status == 0)
        #expect(try lib(["backup", sandbox.path("backup.lmdb")], MemoDomain(), in: sandbox).status == 0)
        #expect(try lib(["query", "memos"], MemoDomain(), in: sandbox).lines == ["TEXT", "milk"])
        #expect(try sandbox.ledgerBytes() == before)
    }

    @Test func aRowTypeChangedWithoutRaisingTheVersionIsRefusedNamingTheTable() throws {
        let sandbox = try LedgerSandbox()
        #expect(try sandbox.memo(["append", "MemoWritten", #"{"memoId":"m1","text":"milk"}"#]).status == 0)
        let before = try sandbox.ledgerBytes()
        for command in [["append", "MemoWritten", #"{"memoId":"m2","text":"eggs"}"#], ["rebuild"]] {
            expectRefusal(
                try lib(command, ReshapedMemoDomain(), in: sandbox),
                mentions: [
                    #"the table "memos.memos" has another shape than the one that built it (now keys string, rows {text: string, pinned: bool}; built with keys string, rows string)"#,
                    "raise readModelVersion of its domain (to 2)",
                ])
        }
        #expect(try sandbox.ledgerBytes() == before)
        #expect(try lib(["log"], ReshapedMemoDomain(), in: sandbox).status == 0)
    }

    @Test func aToolRunUnderAnotherNameNamesItself() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        try sandbox.overwriteCheckpoint(
            ReadModelVersions.key("artist-songs"), with: LedgerTables.bigEndian(UInt64(MusicDomain().readModelVersion - 1)))
        let lib = sandbox.path("lib")
        try FileManager.default.createSymbolicLink(atPath: lib, withDestinationPath: LedgerSandbox.executable.path)
        let query = try Programs.run(lib, ["query", "artists", "--ledger", sandbox.ledgerPath])
        expectRefusal(query, mentions: ["`lib rebuild`"])
        #expect(!query.stderr.contains("ledger rebuild"))
        let unknown = try Programs.run(lib, ["frobnicate"])
        #expect(unknown.status == 2 && unknown.stderr == "lib: error: unknown command \"frobnicate\" (see lib --help)\n", "\(unknown.stderr)")
    }
}
