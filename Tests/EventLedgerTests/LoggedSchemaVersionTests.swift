import Foundation
import LedgerTestSupport
import Testing

@testable import EventLedger

/// `NoteFiled` as a later tool knows it: schema version 3 adds an optional reason.
private struct NoteFiledWithReason: DomainEvent {
    static var typeName: String { "NoteFiled" }
    static let upcasters = NoteFiled.upcasters + [{ @Sendable payload in payload }]
    @ID var noteId: String
    @ID var folderId: String
    var reason: String?

    var stream: String { "note-\(noteId)" }
}

/// The notes domain of a later tool, whose `NoteFiled` is at schema version 3.
private struct LaterNotes: NotesVariant {
    var events: [EventCase<NoteEvent>] {
        NotesDomain().events.filter { $0.typeName != "NoteFiled" }
            + [EventCase(NoteFiledWithReason.self) { .filed(NoteFiled(noteId: $0.noteId, folderId: $0.folderId)) }]
    }
}

/// The file records the highest schema version of each event type in its log; a tool whose
/// types know older versions only neither writes to it nor rebuilds from it, and reads it.
@Suite struct LoggedSchemaVersionTests {
    /// The refusal of a notes tool to read the later tool's `NoteFiled` events.
    static let newer = "NoteFiled events of a newer schema version (3; this tool's is 2)"

    /// The bytes of the file at `path`.
    private func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The versions the file of `ledger` records.
    private func recorded(_ ledger: Ledger) throws -> [String: Int] {
        try ledger.core.environment.read { txn in try LoggedSchemaVersions.recorded(txn, ledger.core.tables.checkpoints) }
    }

    /// Removes the versions the file of `ledger` records, as in a file written before they were.
    private func forgetRecordedVersions(_ ledger: Ledger) throws {
        try ledger.core.environment.write { txn in
            for type in try LoggedSchemaVersions.recorded(txn, ledger.core.tables.checkpoints).keys {
                _ = try txn.delete(ledger.core.tables.checkpoints, LoggedSchemaVersions.key(type))
            }
        }
    }

    /// A notes ledger at a new path in `directory`, knowing `formats`, holding a note filed by
    /// the later tool (a version 3 `NoteFiled`), closed again.
    private func laterLedger(in directory: TemporaryDirectory, formats: FileFormats = .released) throws -> String {
        let path = directory.file("notes.lmdb")
        let ledger = try Ledger(path: path, domains: [LaterNotes()], options: Ledger.Options(), formats: formats)
        try ledger.append(NoteCreated(noteId: "a", text: "quiet"))
        try ledger.append(NoteFiledWithReason(noteId: "a", folderId: "f", reason: "later"))
        return path
    }

    @Test func theCommitThatAppendsAHigherSchemaVersionRecordsIt() throws {
        try withNotesLedger { ledger, _ in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            #expect(try recorded(ledger).isEmpty, "version 1 needs no record")
            try ledger.append(NoteFiled(noteId: "a", folderId: "f"))
            #expect(try recorded(ledger) == ["NoteFiled": 2])
            try ledger.append([PendingEvent(type: "NoteFiled", payload: ["noteId": .string("a"), "folder": .string("g")], schemaVersion: 1)])
            #expect(try recorded(ledger) == ["NoteFiled": 2], "an earlier version lowers nothing")
        }
    }

    @Test func aLogHoldingEventsOfANewerSchemaVersionIsRefusedForWritesAndRebuilds() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try laterLedger(in: directory)
        let before = try bytes(path)

        let refused = try #require(throws: LedgerError.self) { try Ledger(path: path, domains: [NotesDomain()]) }
        #expect(refused.kind == .storage)
        #expect(refused.message.hasPrefix("\(path): the log holds \(Self.newer): this tool neither writes to the file"))
        let imported = try #require(throws: LedgerError.self) {
            try Ledger.build(at: path, domains: [NotesDomain()], importing: EventCollection([ImportedEvent]()))
        }
        #expect(imported.message.contains(Self.newer))
        #expect(try bytes(path) == before)

        let reader = try Ledger(path: path, domains: [NotesDomain()], options: Ledger.Options(readOnly: true))
        #expect(try reader.stats().events == 2)
        #expect(try allEvents(reader).map(\.schemaVersion) == [1, 3])
        #expect(try reader.query("notes").json == .array([.string("quiet")]))
        try reader.backup(to: directory.file("backup.lmdb"))
        #expect(try Ledger(path: directory.file("backup.lmdb"), domains: [LaterNotes()]).stats().events == 2)
        #expect(try bytes(path) == before)
    }

    @Test func aRebuildThatMeetsAnEventOfANewerSchemaVersionStops() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        let ledger = try Ledger(path: path, domains: [NotesDomain()])
        try ledger.append(NoteCreated(noteId: "a", text: "quiet"))
        // Another tool appends while this one has the file open.
        try Ledger(path: path, domains: [LaterNotes()]).append(NoteFiledWithReason(noteId: "a", folderId: "f"))
        let refused = try #require(throws: LedgerError.self) { try ledger.rebuild() }
        #expect(refused.kind == .storage && refused.subject == "2")
        #expect(refused.message == "the event at position 2 is one of the \(Self.newer): this tool does not rebuild read models from it")
    }

    @Test func aFileOfFormatTwoGetsItsSchemaVersionsFromItsLogWhenMigrated() throws {
        try withNotesLedger { ledger, directory in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            try ledger.append(NoteFiled(noteId: "a", folderId: "f"))
            try ledger.core.environment.write { txn in try FileFormat.record(2, txn, ledger.core.tables.checkpoints) }
            try forgetRecordedVersions(ledger)
            let migrated = try Ledger(path: ledger.path, domains: [NotesDomain()])
            #expect(try migrated.stats().formatVersion == 3)
            #expect(try recorded(migrated) == ["NoteFiled": 2])
        }
    }

    @Test func aFileOfFormatTwoHoldingEventsOfANewerSchemaVersionIsRefusedAndLeftAsItWas() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = try laterLedger(in: directory, formats: FileFormats(steps: [.sessionEntries]))
        try forgetRecordedVersions(
            Ledger(path: path, domains: [LaterNotes()], options: Ledger.Options(), formats: FileFormats(steps: [.sessionEntries])))
        let before = try bytes(path)
        let refused = try #require(throws: LedgerError.self) { try Ledger(path: path, domains: [NotesDomain()]) }
        #expect(refused.kind == .storage && refused.message.contains(Self.newer), "\(refused)")
        #expect(try bytes(path) == before)
        #expect(try Ledger(path: path, domains: [NotesDomain()], options: Ledger.Options(readOnly: true)).stats().formatVersion == 2)
    }

    @Test func aReplayRecordsTheSchemaVersionsOfTheEventsItCopies() throws {
        try withNotesLedger { ledger, directory in
            try ledger.append(NoteCreated(noteId: "a", text: "one"))
            try ledger.append(NoteFiled(noteId: "a", folderId: "f"))
            try ledger.append(NoteCreated(noteId: "b", text: "two"))
            #expect(try recorded(ledger.replay(to: 3, into: directory.file("replayed.lmdb"))) == ["NoteFiled": 2])
            #expect(try recorded(ledger.replay(to: 1, into: directory.file("first.lmdb"))).isEmpty)
        }
    }
}
