import LedgerTestSupport
import Testing

@testable import EventLedger

/// The notes domain at version 1 with a table of each note's length and its index by length,
/// which version 2 (`NotesWithoutLengths`) no longer declares.
private struct NotesWithLengths: NotesVariant {
    static let byLength = TableIndex<Int>("by-length") { length in length }
    static let lengths = ReadModelTable<String, Int>(readModel: "notes", name: "lengths", indexes: [byLength])
    var tables: [any DeclaredTable] { NotesDomain().tables + [Self.lengths] }

    func apply(_ event: NoteEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        try NotesDomain().apply(event, context: context, to: readModel)
        if case .created(let created) = event { try readModel.set(Self.lengths, created.noteId, created.text.count) }
    }
}

/// The notes domain without the lengths, at `readModelVersion`.
private struct NotesWithoutLengths: NotesVariant {
    let readModelVersion: Int
}

/// A rebuild deletes the tables of a read model that its domain no longer declares, those of
/// an earlier version, and leaves every other read model's tables as they are.
@Suite struct UndeclaredTableDropTests {
    /// The LMDB tables of the file at `path`.
    private func tableNames(_ path: String) throws -> [String] {
        let ledger = try Ledger(path: path, domains: [], options: .init(readOnly: true))
        return try ledger.core.environment.read { txn in try txn.tableNames() }
    }

    /// A ledger at `path` written by the notes domain with lengths and the library domain.
    private func writeVersion1(_ path: String) throws {
        let ledger = try Ledger(path: path, domains: [NotesWithLengths(), LibraryDomain()])
        try ledger.append(NoteCreated(noteId: "a", text: "alpha"))
        try ledger.append(BookAdded(bookId: "b1", authorId: "le-guin", title: "The Dispossessed"))
        #expect(try tableNames(path).filter { $0.hasPrefix("notes.lengths") } == ["notes.lengths#by-length@history", "notes.lengths@history"])
    }

    private let libraryTables = ["library.books#by-author@history", "library.books#by-title@history", "library.books@history"]

    @Test func aRaisedVersionDropsTheTablesItNoLongerDeclaresWhenOpenedForWriting() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try writeVersion1(path)

        let ledger = try Ledger(path: path, domains: [NotesWithoutLengths(readModelVersion: 2), LibraryDomain()])
        let tables = try tableNames(path)
        #expect(tables.filter { $0.hasPrefix("notes.") } == ["notes.folder-notes@history", "notes.notes@history"])
        #expect(libraryTables.allSatisfy(tables.contains), "another read model's tables stay: \(tables)")
        #expect(try ledger.query("notes").json == .array([.string("alpha")]))
        #expect(try ledger.read { try $0.row(LibraryTables.books, "b1")?.title } == "The Dispossessed")
        #expect(try ledger.verify().isIntact)
        #expect(try ledger.stats().checkpoints == ["library": 2, "notes": 2])
    }

    @Test func aRebuildDropsATableTheDomainNoLongerDeclaresAtTheSameVersion() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("notes.lmdb")
        try writeVersion1(path)

        let ledger = try Ledger(path: path, domains: [NotesWithoutLengths(readModelVersion: 1), LibraryDomain()])
        #expect(try tableNames(path).contains("notes.lengths@history"), "opening at the same version rebuilds nothing")
        #expect(try ledger.rebuild(["notes"]).readModels == ["notes"])
        let tables = try tableNames(path)
        #expect(!tables.contains { $0.hasPrefix("notes.lengths") }, "\(tables)")
        #expect(libraryTables.allSatisfy(tables.contains), "another read model's tables stay: \(tables)")
        #expect(try ledger.query("notes").json == .array([.string("alpha")]))
        #expect(try ledger.verify().isIntact)
    }
}
