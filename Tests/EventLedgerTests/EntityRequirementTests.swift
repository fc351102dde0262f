import Testing

@testable import EventLedger

/// `requireLive(_:_:kind:)` and `requireFound` name the entity's stream from its table of
/// entities: a rule violation for a rule, `.notFound` for a query.
@Suite struct EntityRequirementTests {
    @Test func aMissingOrDeletedEntityIsNamedByItsStream() throws {
        let writer = ReadModelWriter(FoldedReadModel(tables: LibraryTables.books.storage.tableNames))
        try writer.set(LibraryTables.books, "b1", BookRow(authorId: "le-guin", title: "Live"))
        try writer.set(LibraryTables.books, "b2", BookRow(authorId: "le-guin", title: "Gone", isDeleted: true))
        let reader = writer.reader

        #expect(try reader.requireLive(LibraryTables.books, "b1", kind: "book").title == "Live")
        #expect(try reader.requireFound(LibraryTables.books, "b1", kind: "book").title == "Live")
        #expect(throws: LedgerError.rule("book must not be deleted", entity: "book-b2")) {
            try reader.requireLive(LibraryTables.books, "b2", kind: "book")
        }
        #expect(throws: LedgerError.rule("book must exist", entity: "book-b3")) { try reader.requireLive(LibraryTables.books, "b3", kind: "book") }
        for id in ["b2", "b3"] {
            #expect(throws: LedgerError(.notFound, "book \"\(id)\" does not exist", subject: "book-\(id)")) {
                try reader.requireFound(LibraryTables.books, id, kind: "book")
            }
        }
    }

    @Test func anEventsDeclaredRequirementIsCheckedBeforeTheDomainsRules() throws {
        let writer = ReadModelWriter(FoldedReadModel(tables: LibraryTables.books.storage.tableNames))
        try writer.set(LibraryTables.books, "b1", BookRow(authorId: "le-guin", title: "Live"))
        try writer.set(LibraryTables.books, "b2", BookRow(authorId: "le-guin", title: "Gone", isDeleted: true))
        let live = try #require(EventEntity<BookRetitled>(LibraryTables.books, id: \.bookId, requires: .live).requirement)
        let exists = try #require(EventEntity<BookRetitled>(LibraryTables.books, id: \.bookId, requires: .exists).requirement)

        try live.check("book-b1", writer.reader)
        #expect(throws: LedgerError.rule("book must not be deleted", entity: "book-b2")) { try live.check("book-b2", writer.reader) }
        #expect(throws: LedgerError.rule("book must exist", entity: "book-b3")) { try live.check("book-b3", writer.reader) }
        try exists.check("book-b2", writer.reader)
        #expect(throws: LedgerError.rule("book must exist", entity: "book-b3")) { try exists.check("book-b3", writer.reader) }
        #expect(EventEntity<BookRetitled>(LibraryTables.books, id: \.bookId).requirement == nil)
    }
}
