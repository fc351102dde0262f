import Foundation
import LedgerTestSupport
import Testing

@testable import EventLedger

/// A note's row with one more field than `NoteRow`.
private struct PinnedNoteRow: Codable, Sendable {
    var text: String
    var isArchived = false
    var isPinned = false
}

/// The notes domain at `readModelVersion`, its `notes` table storing `PinnedNoteRow`s, and
/// with a `tags` table besides when `withTags`; when not `reshaped`, its `notes` table is the
/// notes domain's, indexed by text when `indexed`.
private struct ReshapedNotes: LedgerDomain {
    static let notes = ReadModelTable<String, PinnedNoteRow>(readModel: "notes", name: "notes")
    static let byText = TableIndex<NoteRow>("by-text", unique: true) { $0.text }
    static let indexedNotes = ReadModelTable<String, NoteRow>(readModel: "notes", name: "notes", indexes: [byText])
    static let tags = ReadModelTable<String, String>(readModel: "notes", name: "tags")
    var readModelVersion = 1
    var reshaped = true
    var indexed = false
    var withTags = false
    var readModelName: String { "notes" }
    var events: [EventCase<NoteEvent>] { NotesDomain().events }
    var tables: [any DeclaredTable] {
        let notes: any DeclaredTable = reshaped ? Self.notes : indexed ? Self.indexedNotes : NotesDomain.notes
        return [notes, NotesDomain.folderNotes] + (withTags ? [Self.tags] : [])
    }
    var queries: [QueryDefinition] { [] }

    func check(_ event: NoteEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {}

    func apply(_ event: NoteEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        guard case .created(let created) = event else { return }
        if reshaped {
            try readModel.set(Self.notes, created.noteId, PinnedNoteRow(text: created.text))
        } else if indexed {
            try readModel.set(Self.indexedNotes, created.noteId, NoteRow(text: created.text))
        } else {
            try readModel.set(NotesDomain.notes, created.noteId, NoteRow(text: created.text))
        }
    }
}

/// The shapes of a read model's tables are recorded when it is built; a table changed without
/// raising the read model's version is refused before the first write, naming the table.
@Suite struct TableShapeTests {
    /// The bytes of the file at `path`.
    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A notes ledger at a new path in `directory`, holding one note, closed again.
    private func notesLedger(in directory: TemporaryDirectory) throws -> String {
        let path = directory.file("notes.lmdb")
        try Ledger(path: path, domains: [NotesDomain()]).append(NoteCreated(noteId: "a", text: "quiet"))
        return path
    }

    /// How the tables of `ledger`'s first domain differ from the shapes the file records.
    private func changes(_ ledger: Ledger) throws -> [TableShapes.Change]? {
        try ledger.core.environment.read { txn in
            try TableShapes.changes(ledger.core.catalog.domains[0], txn, ledger.core.tables.checkpoints)
        }
    }

    /// The stamps the file of `ledger` records for its first domain's read model.
    private func stamps(_ ledger: Ledger) throws -> [UInt8] {
        try ledger.core.environment.read { txn in
            try txn.get(ledger.core.tables.checkpoints, TableShapeStamp.key("notes")).map(Array.init) ?? []
        }
    }

    @Test func aNewLedgerRecordsItsTablesShapesAndThisBuildsStamp() throws {
        try withNotesLedger { ledger, _ in
            #expect(try changes(ledger) == [])
            let stamp = try #require(TableShapeStamp.current(of: ledger.core.catalog.domains[0]))
            #expect(try stamps(ledger) == stamp)
        }
    }

    @Test func aRowTypeChangedWithoutRaisingTheVersionIsRefusedBeforeTheFirstWrite() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try notesLedger(in: directory)
        let before = try bytes(path)

        let refused = try #require(throws: LedgerError.self) { try Ledger(path: path, domains: [ReshapedNotes()]) }
        #expect(refused.kind == .storage && refused.subject == "notes.notes")
        #expect(refused.message.hasPrefix("\(path): the table \"notes.notes\" has another shape than the one that built it"))
        #expect(refused.message.contains("now keys string, rows {text: string, isArchived: bool, isPinned: bool}"), "\(refused)")
        #expect(refused.message.contains("built with keys string, rows {text: string, isArchived: bool}"), "\(refused)")
        #expect(refused.message.hasSuffix("raise readModelVersion of its domain (to 2) so that ledgers rebuild the read model"))
        #expect(try bytes(path) == before)

        let reader = try Ledger(path: path, domains: [ReshapedNotes()], options: Ledger.Options(readOnly: true))
        #expect(try reader.stats().events == 1, "reading needs no comparison")
        #expect(try bytes(path) == before)
    }

    @Test func aRaisedVersionRebuildsTheReadModelAndRecordsItsNewShapes() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try notesLedger(in: directory)
        let raised = try Ledger(path: path, domains: [ReshapedNotes(readModelVersion: 2)])
        #expect(try changes(raised) == [])
        #expect(try raised.read { try $0.row(ReshapedNotes.notes, "a") }?.text == "quiet")
        #expect(try raised.verify().isIntact)
    }

    @Test func aTableAddedWithoutRaisingTheVersionIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try notesLedger(in: directory)
        let refused = try #require(throws: LedgerError.self) {
            try Ledger(path: path, domains: [ReshapedNotes(reshaped: false, withTags: true)])
        }
        #expect(refused.kind == .storage && refused.subject == "notes.tags")
        #expect(refused.message.contains(#"the table "notes.tags" is new to its read model, which was built without it"#))
        #expect(refused.message.contains("raise readModelVersion"))
        #expect(try Ledger(path: path, domains: [ReshapedNotes(readModelVersion: 2, reshaped: false, withTags: true)]).stats().events == 1)
    }

    @Test func anIndexAddedWithoutRaisingTheVersionIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try notesLedger(in: directory)
        let refused = try #require(throws: LedgerError.self) { try Ledger(path: path, domains: [ReshapedNotes(reshaped: false, indexed: true)]) }
        #expect(refused.subject == "notes.notes")
        #expect(refused.message.contains("(now keys string, rows {text: string, isArchived: bool}, indexes [by-text unique]; built with "))
        let raised = try Ledger(path: path, domains: [ReshapedNotes(readModelVersion: 2, reshaped: false, indexed: true)])
        #expect(try raised.read { try $0.row(ReshapedNotes.indexedNotes, index: ReshapedNotes.byText, "quiet") }?.row.text == "quiet")
    }

    @Test func aFileWithoutRecordedShapesGetsThemWithoutComplaint() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try notesLedger(in: directory)
        do {
            // As a file built before shapes were recorded.
            let ledger = try Ledger(path: path, domains: [NotesDomain()])
            try ledger.core.environment.write { txn in
                for table in ["notes.notes", "notes.folder-notes"] { _ = try txn.delete(ledger.core.tables.checkpoints, TableShapes.key(table)) }
                _ = try txn.delete(ledger.core.tables.checkpoints, TableShapeStamp.key("notes"))
            }
            #expect(try changes(ledger) == nil)
        }
        let ledger = try Ledger(path: path, domains: [NotesDomain()])
        #expect(try changes(ledger) == [])
        #expect(throws: LedgerError.self) { try Ledger(path: path, domains: [ReshapedNotes()]) }
    }

    @Test func aBuildWhoseStampIsRecordedDoesNotDescribeTheTablesAgainAndAnotherTypeHasAnotherStamp() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try notesLedger(in: directory)
        let notes = try #require(TableShapeStamp.current(of: EventCatalog(domains: [NotesDomain()]).domains[0]))
        let reshaped = try #require(TableShapeStamp.current(of: EventCatalog(domains: [ReshapedNotes()]).domains[0]))
        #expect(notes != reshaped)
        #expect(notes == TableShapeStamp.current(of: EventCatalog(domains: [ReshapedNotes(reshaped: false)]).domains[0]))

        // Another build found the shapes as recorded: its stamp is kept after this build's.
        let otherBuild = [UInt8](repeating: 7, count: TableShapeStamp.length)
        do {
            let ledger = try Ledger(path: path, domains: [NotesDomain()])
            try ledger.core.environment.write { txn in try txn.put(ledger.core.tables.checkpoints, TableShapeStamp.key("notes"), otherBuild) }
        }
        let ledger = try Ledger(path: path, domains: [NotesDomain()])
        #expect(try stamps(ledger) == notes + otherBuild)
        try ledger.rebuild()
        #expect(try stamps(ledger) == notes + otherBuild, "a rebuild finding the same shapes keeps the other builds' stamps")
        #expect(throws: LedgerError.self, "the stamp of one type vouches for no other") {
            try Ledger(path: path, domains: [ReshapedNotes()])
        }
    }

    @Test func verifyReportsAChangedTableAndChangesNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try notesLedger(in: directory)
        let before = try bytes(path)
        let report = try Ledger(path: path, domains: [ReshapedNotes()], options: Ledger.Options(readOnly: true)).verify()
        #expect(report.problems.count == 1)
        #expect(report.problems.first?.hasPrefix(#"the table "notes.notes" has another shape than the one that built it"#) == true)
        #expect(try bytes(path) == before)
    }
}
