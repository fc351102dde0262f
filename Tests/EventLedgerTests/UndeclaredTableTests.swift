import LedgerTestSupport
import Testing

@testable import EventLedger

/// The notes domain declaring only its `notes` table, while its `apply` also writes
/// `folder-notes`: a mistake a domain author can make.
private struct NotesMissingATable: NotesVariant {
    var tables: [any DeclaredTable] { [NotesDomain.notes] }
}

/// A table a domain did not declare is a thrown error naming it, on every path that uses
/// tables, never a crash of the process.
@Suite struct UndeclaredTableTests {
    private static func isUndeclaredTable(_ error: any Error) -> Bool {
        guard let error = error as? LedgerError else { return false }
        return error.kind == .invalidInput && error.message.contains("\"notes.folder-notes\" is not declared")
    }

    @Test func anAppendWritingAnUndeclaredTableThrowsAndAppendsNothing() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("notes.lmdb"), domains: [NotesMissingATable()])
        #expect(
            performing: { try ledger.append(NoteCreated(noteId: "a", text: "one", folderId: "f")) },
            throws: Self.isUndeclaredTable)
        #expect(try ledger.head().position == 0)
        #expect(try ledger.append(NoteCreated(noteId: "b", text: "two")).positions == [1])
    }

    @Test func aRebuildFoldingAnUndeclaredTableThrows() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try Ledger(path: path, domains: [NotesDomain()]).append(NoteCreated(noteId: "a", text: "one", folderId: "f"))
        let ledger = try Ledger(path: path, domains: [NotesMissingATable()])
        #expect(performing: { try ledger.rebuild() }, throws: Self.isUndeclaredTable)
        #expect(
            performing: { try ledger.read { try $0.row(NotesDomain.folderNotes, FolderNoteKey(folderId: "f", noteId: "a")) } },
            throws: Self.isUndeclaredTable)
    }
}
