import Foundation
import LedgerTestSupport
import Testing

@testable import EventLedger

/// The notes domain in a later version whose `apply` stores each note's text in capitals.
private struct ShoutingNotes: NotesVariant {
    var readModelVersion: Int { 2 }

    func apply(_ event: NoteEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        try NotesDomain().apply(event, context: context, to: readModel)
        if case .created(let created) = event {
            try readModel.set(NotesDomain.notes, created.noteId, NoteRow(text: created.text.uppercased()))
        }
    }
}

/// A domain that raises its read model version gets its read model rebuilt on the next
/// opening for writing, once; querying it before is refused. A read model built by a newer
/// version, or whose version record is damaged, is never changed, and `verify` reports every
/// such read model without writing.
@Suite struct ReadModelVersionTests {
    /// The bytes of the file at `path`.
    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The read models of `ledger` whose recorded version differs from their domain's.
    private func mismatches(_ ledger: Ledger) throws -> [Int: ReadModelVersions.Mismatch] {
        try ledger.core.environment.read { txn in try ReadModelVersions.mismatches(ledger.core.catalog, txn, ledger.core.tables.checkpoints) }
    }

    @Test func aRaisedVersionRebuildsTheReadModelOnceWhenOpenedForWriting() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try Ledger(path: path, domains: [NotesDomain()]).append(NoteCreated(noteId: "a", text: "quiet"))

        let reader = try Ledger(path: path, domains: [ShoutingNotes()], options: Ledger.Options(readOnly: true))
        #expect(reader.readModelsOfEarlierVersions == ["notes"])
        #expect(try reader.stats().events == 1, "the log is read whatever the read models' versions")
        let refused = try #require(throws: LedgerError.self) { try reader.query("notes") }
        #expect(refused.kind == .storage && refused.subject == "notes")
        #expect(refused.message.contains(#"the read model "notes" was built by an earlier version of its domain (1; this tool's is 2)"#))
        #expect(!refused.message.contains("ledger rebuild"), "the engine names no command of a tool: \(refused)")

        let ledger = try Ledger(path: path, domains: [ShoutingNotes()])
        #expect(try ledger.query("notes").json == .array([.string("QUIET")]))
        #expect(try ledger.verify().problems.isEmpty)
        #expect(try mismatches(ledger).isEmpty)
        #expect(
            try Ledger(path: path, domains: [ShoutingNotes()], options: Ledger.Options(readOnly: true))
                .query("notes").json == .array([.string("QUIET")]))
    }

    /// What a form session keeps of its staged events' rows was made by the earlier `apply`:
    /// it is made again by the new one.
    @Test func aSessionPreviewsItsStagedEventsThroughTheRaisedVersion() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        let id = try {
            let ledger = try Ledger(path: path, domains: [NotesDomain()])
            try ledger.append(NoteCreated(noteId: "a", text: "quiet"))
            let session = try ledger.beginSession()
            try session.stage(NoteCreated(noteId: "b", text: "staged"))
            #expect(try session.query("notes").json == .array([.string("quiet"), .string("staged")]))
            return session.id
        }()
        let session = try Ledger(path: path, domains: [ShoutingNotes()]).session(id)
        #expect(try session.query("notes").json == .array([.string("QUIET"), .string("STAGED")]))
    }

    @Test func verifyReportsAReadModelOfAnEarlierVersionAndChangesNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try Ledger(path: path, domains: [NotesDomain()]).append(NoteCreated(noteId: "a", text: "quiet"))
        let before = try bytes(path)
        let report = try Ledger(path: path, domains: [ShoutingNotes()], options: Ledger.Options(readOnly: true)).verify()
        #expect(
            report.problems == [
                #"the read model "notes" was built by an earlier version of its domain (1; this tool's is 2): "#
                    + "open the ledger for writing or rebuild it to bring it up to date"
            ])
        #expect(try bytes(path) == before)
    }

    @Test func aReadModelOfANewerVersionIsNeverChangedByAnEarlierOne() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try Ledger(path: path, domains: [ShoutingNotes()]).append(NoteCreated(noteId: "a", text: "quiet"))
        let before = try bytes(path)
        let newer = #"the read model "notes" was built by a newer version of its domain (2; this tool's is 1)"#

        let refused = try #require(throws: LedgerError.self) { try Ledger(path: path, domains: [NotesDomain()]) }
        #expect(refused.kind == .storage && refused.message.contains(newer) && refused.message.contains(path), "\(refused)")
        let reader = try Ledger(path: path, domains: [NotesDomain()], options: Ledger.Options(readOnly: true))
        #expect(reader.readModelsOfEarlierVersions.isEmpty)
        #expect(try reader.stats().events == 1)
        #expect(throws: LedgerError.self) { try reader.query("notes") }
        #expect(throws: LedgerError.self, "its rows may mean something else") { try reader.read { _ in 0 } }
        #expect(try reader.verify().problems == [newer + ": this tool neither reads nor changes it"])
        #expect(try bytes(path) == before)
        #expect(try Ledger(path: path, domains: [ShoutingNotes()]).query("notes").json == .array([.string("QUIET")]))
    }

    @Test func aRebuildByALedgerOpenedBeforeANewerVersionBuiltTheReadModelIsRefused() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        let earlier = try Ledger(path: path, domains: [NotesDomain()])
        try earlier.append(NoteCreated(noteId: "a", text: "quiet"))
        // A later tool opens the file meanwhile, which rebuilds the read model.
        _ = try Ledger(path: path, domains: [ShoutingNotes()])
        let before = try bytes(path)
        let refused = try #require(throws: LedgerError.self) { try earlier.rebuild() }
        #expect(refused.kind == .storage && refused.subject == "notes")
        #expect(refused.message.contains(#"the read model "notes" was built by a newer version of its domain (2; this tool's is 1)"#))
        #expect(try bytes(path) == before)
    }

    @Test(arguments: [[], [0, 2], [UInt8](repeating: 0, count: 8), [0, 0, 0, 0, 0, 0, 0, 1, 0]])
    func aDamagedVersionRecordIsDamageNotAVersion(_ record: [UInt8]) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        do {
            let ledger = try Ledger(path: path, domains: [NotesDomain()])
            try ledger.append(NoteCreated(noteId: "a", text: "quiet"))
            try ledger.core.environment.write { txn in try txn.put(ledger.core.tables.checkpoints, ReadModelVersions.key("notes"), record) }
        }
        let before = try bytes(path)
        let damaged = #"the version record of the read model "notes" is damaged"#
        for domain: any LedgerDomain in [NotesDomain(), ShoutingNotes()] {
            let refused = try #require(throws: LedgerError.self) { try Ledger(path: path, domains: [domain]) }
            #expect(refused.kind == .corruption && refused.message.contains(damaged), "\(refused)")
        }
        let reader = try Ledger(path: path, domains: [NotesDomain()], options: Ledger.Options(readOnly: true))
        #expect(try reader.stats().events == 1)
        let query = try #require(throws: LedgerError.self) { try reader.query("notes") }
        #expect(query.kind == .corruption)
        #expect(try reader.verify().problems.first?.hasPrefix(damaged) == true)
        #expect(try bytes(path) == before)
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
        #expect(try mismatches(ledger).isEmpty)
    }
}
