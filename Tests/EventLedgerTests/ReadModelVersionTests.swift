import Testing
@testable import EventLedger
import LedgerTestSupport

/// The notes domain in a later version whose projector stores each note's text in capitals.
private struct ShoutingNotes: LedgerDomain {
    let notes = NotesDomain()
    var readModelName: String { notes.readModelName }
    var events: [EventCase<NoteEvent>] { notes.events }
    var tables: [any DeclaredTable] { notes.tables }
    var queries: [QueryDefinition] { notes.queries }
    var readModelVersion: Int { 2 }

    func check(_ event: NoteEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {
        try notes.check(event, against: readModel, mode: mode)
    }

    func apply(_ event: NoteEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        try notes.apply(event, context: context, to: readModel)
        if case .created(let created) = event {
            try readModel.set(NotesDomain.notes, created.noteId, NoteRow(text: created.text.uppercased()))
        }
    }
}

/// A domain that raises its read model version gets its read model rebuilt on the next
/// opening for writing, once; reading it before is refused.
@Suite struct ReadModelVersionTests {
    @Test func aRaisedVersionRebuildsTheReadModelOnceWhenOpenedForWriting() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try Ledger(path: path, domains: [NotesDomain()]).append(NoteCreated(noteId: "a", text: "quiet"))

        #expect(performing: {
            try Ledger(path: path, domains: [ShoutingNotes()], options: Ledger.Options(readOnly: true))
        }, throws: { error in
            (error as? LedgerError)?.kind == .storage && (error as? LedgerError)?.message.contains("earlier version") == true
        })

        let ledger = try Ledger(path: path, domains: [ShoutingNotes()])
        #expect(try ledger.query("notes").json == .array([.string("QUIET")]))
        #expect(try ledger.verify().problems.isEmpty)
        let stored = try ledger.environment.read { txn in
            try ReadModelVersions.outdated(ledger.catalog, txn, ledger.tables.checkpoints)
        }
        #expect(stored.isEmpty)
        #expect(try Ledger(path: path, domains: [ShoutingNotes()], options: Ledger.Options(readOnly: true))
            .query("notes").json == .array([.string("QUIET")]))
    }

    @Test func rowsReadAsAnotherTypeThanTheyWereStoredAreCorruptionPointingAtTheVersion() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [NotesDomain()])
        try ledger.append(NoteCreated(noteId: "a", text: "quiet"))
        let changedRows = ReadModelTable<String, Int>(readModel: "notes", name: "notes")
        let error = try #require(throws: LedgerError.self) { try ledger.read { try $0.row(changedRows, "a") } }
        #expect(error.kind == .corruption)
        #expect(error.message.contains("a row of notes.notes") && error.message.contains("readModelVersion"))
    }

    @Test func aNewLedgerRecordsItsDomainsVersions() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [ShoutingNotes()])
        let outdated = try ledger.environment.read { txn in
            try ReadModelVersions.outdated(ledger.catalog, txn, ledger.tables.checkpoints)
        }
        #expect(outdated.isEmpty)
    }
}
