import LedgerTestSupport
import Testing

@testable import EventLedger

/// `Ledger.build(at:domains:options:importing:rehash:)`: a ledger that does not exist yet is
/// built under a temporary name and appears whole or not at all; an existing one takes the
/// import as `importEvents(from:rehash:)` does.
@Suite struct ImportAtPathTests {
    /// A source ledger's export: one commit of 1,500 notes (large enough to be folded in
    /// memory), then three small commits.
    func sourceExport(_ source: Ledger) throws -> [ImportedEvent] {
        try source.append((0..<1_500).map { PendingEvent(NoteCreated(noteId: "n\($0)", text: "note \($0)", folderId: "f")) })
        try source.append(NoteEdited(noteId: "n7", text: "edited"))
        try source.append(NoteCreated(noteId: "last", text: "last"))
        try source.append(FolderDeleted(folderId: "f"))
        return try exportedEvents(source)
    }

    func importEvents(_ events: some EventSource<ImportedEvent>, into path: String) throws(LedgerError) -> ImportReport {
        try Ledger.build(at: path, domains: [NotesDomain()], importing: events)
    }

    @Test func aMissingLedgerIsBuiltFromTheImportAndKeepsOnlyTheSpaceItUses() throws {
        try withNotesLedger { source, directory in
            let file = try sourceExport(source)
            let path = directory.file("new.lmdb")
            let report = try importEvents(EventCollection(file), into: path)
            #expect(report == ImportReport(appended: 1_503, duplicates: 0, commits: 4))
            // The file was written in place over a map larger than it needs; the import keeps
            // every envelope as exported.
            try expectBuiltLedger(in: directory, holding: source) { $0.envelope.serializedString() }
        }
    }

    @Test func aRefusedImportLeavesNoFile() throws {
        try withNotesLedger { source, directory in
            var file = try sourceExport(source)
            let recorded = try allEvents(source)
            var envelope = try #require(recorded[1_200].envelope.objectValue)
            envelope["type"] = .string("FolderVanished")
            file[1_200] = try ImportedEvent(envelope: .object(envelope))
            let error = #expect(throws: LedgerError.self) { try importEvents(EventCollection(file), into: directory.file("new.lmdb")) }
            #expect(error?.kind == .invalidInput)
            #expect(error?.eventIndex == 1_200)
            #expect(error?.message.contains(".creating-") == false, "\(error?.message ?? "")")
            #expect(directory.entries() == ["notes.lmdb", "notes.lmdb-lock"])
            // Nothing to import creates nothing either.
            #expect(throws: LedgerError.self) { try importEvents(EventCollection([]), into: directory.file("new.lmdb")) }
            #expect(directory.entries() == ["notes.lmdb", "notes.lmdb-lock"])
        }
    }

    @Test func anExistingLedgerTakesTheImportBesideItsOwnEvents() throws {
        try withNotesLedger { source, directory in
            let file = try sourceExport(source)
            try source.append(NoteCreated(noteId: "local", text: "mine"))
            let report = try importEvents(EventCollection(file), into: directory.file("notes.lmdb"))
            #expect(report == ImportReport(appended: 0, duplicates: 1_503, commits: 0))
            try withNotesLedger { target, targetDirectory in
                try target.append(NoteCreated(noteId: "local", text: "mine"))
                let report = try importEvents(EventCollection(file), into: targetDirectory.file("notes.lmdb"))
                #expect(report == ImportReport(appended: 1_503, duplicates: 0, commits: 4))
                #expect(try target.head().position == 1_504)
                #expect(try target.verify().isIntact)
            }
        }
    }

    /// A source that creates a ledger at `path`, holding one event, as its first event is read.
    final class CreatingALedgerWhenFirstRead: EventSource {
        private var events: EventCollection<[ImportedEvent]>
        private let path: String
        private var created = false

        init(_ events: [ImportedEvent], creatingAt path: String) {
            self.events = EventCollection(events)
            self.path = path
        }

        var estimatedEventCount: Int { events.estimatedEventCount }

        func rewind() { events.rewind() }

        func next() throws -> ImportedEvent? {
            if !created {
                created = true
                try Ledger(path: path, domains: [NotesDomain()]).append(NoteCreated(noteId: "theirs", text: "first"))
            }
            return events.next()
        }
    }

    @Test func aLedgerAnotherWriterCreatesMeanwhileTakesTheImport() throws {
        try withNotesLedger { source, directory in
            let file = try sourceExport(source)
            let path = directory.file("new.lmdb")
            let report = try importEvents(CreatingALedgerWhenFirstRead(file, creatingAt: path), into: path)
            #expect(report == ImportReport(appended: 1_503, duplicates: 0, commits: 4))
            #expect(directory.entries() == ["new.lmdb", "new.lmdb-lock", "notes.lmdb", "notes.lmdb-lock"])
            let target = try Ledger(path: path, domains: [NotesDomain()])
            #expect(try allEvents(target).first?.stream == "note-theirs")
            #expect(try target.head().position == 1_504)
            #expect(try target.verify().isIntact)
        }
    }
}
