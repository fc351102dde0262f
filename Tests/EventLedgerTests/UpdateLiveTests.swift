import Testing

@testable import EventLedger

/// `updateLive` changes the row of a live entity, and leaves a deleted or unknown one as it is.
@Suite struct UpdateLiveTests {
    @Test func aLiveRowIsChangedADeletedOrUnknownOneIsNot() throws {
        let writer = ReadModelWriter(FoldedReadModel(tables: LibraryTables.books.storage.tableNames))
        try writer.set(LibraryTables.books, "b1", BookRow(authorId: "le-guin", title: "First"))
        #expect(try writer.updateLive(LibraryTables.books, "b1") { $0.title = "Second" })
        #expect(try writer.row(LibraryTables.books, "b1") == BookRow(authorId: "le-guin", title: "Second"))
        #expect(try writer.rows(LibraryTables.books, index: LibraryTables.byAuthor, prefix: "le-guin").map(\.row.title) == ["Second"])

        try writer.set(LibraryTables.books, "b2", BookRow(authorId: "le-guin", title: "Gone", isDeleted: true))
        #expect(try !writer.updateLive(LibraryTables.books, "b2") { $0.title = "Back" })
        #expect(try writer.row(LibraryTables.books, "b2") == BookRow(authorId: "le-guin", title: "Gone", isDeleted: true))
        #expect(try !writer.updateLive(LibraryTables.books, "b3") { $0.title = "Never" })
        #expect(try writer.row(LibraryTables.books, "b3") == nil)
    }
}
