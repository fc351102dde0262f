import EventLedger
import LedgerTestSupport
import Testing

/// A small lending library: books whose titles are unique per author ignoring case, and
/// loans listed by due day.
private struct BookAdded: DomainEvent {
    @ID var bookId: String
    @ID var authorId: String
    @Name var title: String
    var stream: String { "book-\(bookId)" }
}

private struct BookRetitled: DomainEvent {
    @ID var bookId: String
    @Name var title: String
    var stream: String { "book-\(bookId)" }
}

private struct BookRemoved: DomainEvent {
    @ID var bookId: String
    var stream: String { "book-\(bookId)" }
}

private struct LoanOpened: DomainEvent {
    @ID var loanId: String
    @ID var bookId: String
    var dueDay: Int
    var stream: String { "loan-\(loanId)" }
}

private enum LibraryEvent: Sendable {
    case bookAdded(BookAdded)
    case bookRetitled(BookRetitled)
    case bookRemoved(BookRemoved)
    case loanOpened(LoanOpened)
}

private struct BookRow: Codable, Sendable, Equatable {
    var authorId: String
    var title: String
    var isDeleted = false
}

private struct TitleKey: Encodable, Sendable {
    var authorId: String
    var title: CaseFolded
}

private struct LoanRow: Codable, Sendable, Equatable {
    var bookId: String
    var dueDay: Int
}

private enum LibraryTables {
    static let byTitle = TableIndex<BookRow>("by-title", unique: true, rule: "a title is unique per author") { book in
        book.isDeleted ? nil : TitleKey(authorId: book.authorId, title: CaseFolded(book.title))
    }
    static let byAuthor = TableIndex<BookRow>("by-author") { book in book.isDeleted ? nil : book.authorId }
    static let books = ReadModelTable<String, BookRow>(
        readModel: "library", name: "books", entityStream: "book-", indexes: [byTitle, byAuthor])
    static let byDueDay = TableIndex<LoanRow>("by-due-day") { loan in loan.dueDay }
    static let loans = ReadModelTable<String, LoanRow>(readModel: "library", name: "loans", indexes: [byDueDay])
}

private struct LibraryDomain: LedgerDomain {
    var readModelName: String { "library" }
    var events: [EventCase<LibraryEvent>] {
        [
            EventCase(BookAdded.self, as: LibraryEvent.bookAdded), EventCase(BookRetitled.self, as: LibraryEvent.bookRetitled),
            EventCase(BookRemoved.self, as: LibraryEvent.bookRemoved), EventCase(LoanOpened.self, as: LibraryEvent.loanOpened),
        ]
    }
    var tables: [any DeclaredTable] { [LibraryTables.books, LibraryTables.loans] }
    var queries: [QueryDefinition] { [] }

    func check(_ event: LibraryEvent, against readModel: ReadModelReader, mode: RuleMode) throws(LedgerError) {}

    func apply(_ event: LibraryEvent, context: EventContext, to readModel: ReadModelWriter) throws(LedgerError) {
        switch event {
        case .bookAdded(let added):
            try readModel.set(LibraryTables.books, added.bookId, BookRow(authorId: added.authorId, title: added.title))
        case .bookRetitled(let retitled):
            guard var book = try readModel.row(LibraryTables.books, retitled.bookId) else { return }
            book.title = retitled.title
            try readModel.set(LibraryTables.books, retitled.bookId, book)
        case .bookRemoved(let removed):
            guard var book = try readModel.row(LibraryTables.books, removed.bookId) else { return }
            book.isDeleted = true
            try readModel.set(LibraryTables.books, removed.bookId, book)
        case .loanOpened(let opened):
            try readModel.set(LibraryTables.loans, opened.loanId, LoanRow(bookId: opened.bookId, dueDay: opened.dueDay))
        }
    }
}

private func titles(_ rows: [(key: String, row: BookRow)]) -> [String] { rows.map(\.row.title) }

@Suite struct TableIndexTests {
    @Test func aUniqueIndexRefusesAKeyAnotherRowHoldsNamingTheRuleTheEntityAndTheHolder() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            try ledger.append(BookAdded(bookId: "b1", authorId: "le-guin", title: "The Dispossessed"))
            let error = #expect(throws: LedgerError.self) {
                try ledger.append(BookAdded(bookId: "b2", authorId: "le-guin", title: "the DISPOSSESSED"))
            }
            #expect(error?.kind == .ruleViolation)
            #expect(error?.rule == "a title is unique per author")
            #expect(error?.message.contains("book-b2 (\"le-guin\", \"the DISPOSSESSED\" is taken by book-b1)") == true)
            // Nothing of the refused commit was written.
            #expect(try ledger.read { try $0.row(LibraryTables.books, "b2") } == nil)
            // Another author may use the title.
            try ledger.append(BookAdded(bookId: "b3", authorId: "lem", title: "The Dispossessed"))
        }
    }

    @Test func aRowLeavingItsKeyFreesItAndRowsReadThroughTheIndexInItsOrder() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            try ledger.append(BookAdded(bookId: "b1", authorId: "le-guin", title: "Lavinia"))
            try ledger.append(BookAdded(bookId: "b2", authorId: "le-guin", title: "always coming home"))
            try ledger.append(BookAdded(bookId: "b3", authorId: "lem", title: "Solaris"))
            try ledger.append(BookRetitled(bookId: "b1", title: "Earthsea"))
            try ledger.append(BookAdded(bookId: "b4", authorId: "le-guin", title: "LAVINIA"))
            try ledger.append(BookRemoved(bookId: "b3"))
            try ledger.read { reader throws in
                #expect(try titles(reader.rows(LibraryTables.books, index: LibraryTables.byTitle)) == ["always coming home", "Earthsea", "LAVINIA"])
                #expect(try titles(reader.rows(LibraryTables.books, index: LibraryTables.byAuthor, prefix: "le-guin")).count == 3)
                #expect(try reader.rows(LibraryTables.books, index: LibraryTables.byAuthor, prefix: "lem").isEmpty)
                let found = try reader.row(
                    LibraryTables.books, index: LibraryTables.byTitle, TitleKey(authorId: "le-guin", title: CaseFolded("lavinia")))
                #expect(found?.key == "b4")
                #expect(try reader.count(LibraryTables.books, index: LibraryTables.byAuthor) == 3)
            }
            // Solaris is free again once its book is removed.
            try ledger.append(BookAdded(bookId: "b5", authorId: "lem", title: "solaris"))
        }
    }

    @Test func rangesReadTablesAndIndexesFromEitherEndOrBoth() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            for (loan, day) in [("l1", 12), ("l2", 3), ("l3", 7), ("l4", 7), ("l5", 20)] {
                try ledger.append(LoanOpened(loanId: loan, bookId: "b", dueDay: day))
            }
            try ledger.read { reader throws in
                let loans = LibraryTables.loans
                let due = LibraryTables.byDueDay
                #expect(try reader.rows(loans, index: due, .upTo(7)).map(\.key) == ["l2"])
                #expect(try reader.rows(loans, index: due, .upTo(8)).map(\.key) == ["l2", "l3", "l4"])
                #expect(try reader.rows(loans, index: due, .from(7)).map(\.key) == ["l3", "l4", "l1", "l5"])
                #expect(try reader.rows(loans, index: due, .from(4, upTo: 13)).map(\.key) == ["l3", "l4", "l1"])
                #expect(try reader.rows(loans, .from("l2", upTo: "l4")).map(\.key) == ["l2", "l3"])
                #expect(try reader.rows(loans, .upTo("l2")).map(\.key) == ["l1"])
                #expect(try reader.rows(loans, .from("l4")).map(\.key) == ["l4", "l5"])
            }
        }
    }

    @Test func pastStatesSessionsAndRebuildsSeeTheIndexesAsTheTableWas() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            try ledger.append(BookAdded(bookId: "b1", authorId: "a", title: "First"))
            try ledger.append(BookRetitled(bookId: "b1", title: "Second"))
            let past = try ledger.read(asOf: .position(1)) { reader in
                try titles(reader.rows(LibraryTables.books, index: LibraryTables.byTitle))
            }
            #expect(past == ["First"])
            let session = try ledger.beginSession()
            try session.stage(BookAdded(bookId: "b2", authorId: "a", title: "Another"))
            let preview = try session.preview { reader in try titles(reader.rows(LibraryTables.books, index: LibraryTables.byTitle)) }
            #expect(preview == ["Another", "Second"])
            #expect(throws: LedgerError.self) { try session.stage(BookAdded(bookId: "b3", authorId: "a", title: "another")) }
            try session.commit()
            let before = try ledger.read { reader in try reader.storedRows(LibraryTables.books) }
            _ = try ledger.rebuild()
            #expect(try ledger.verify().problems == [])
            let after = try ledger.read { reader throws in
                (try reader.storedRows(LibraryTables.books), try titles(reader.rows(LibraryTables.books, index: LibraryTables.byTitle)))
            }
            #expect(after.0.map(\.key) == before.map(\.key))
            #expect(after.1 == ["Another", "Second"])
        }
    }

    @Test func anInMemoryReadModelKeepsTheIndexesToo() throws {
        let model = InMemoryReadModel(LibraryDomain())
        try model.append(BookAdded(bookId: "b1", authorId: "a", title: "Zed"))
        try model.append(BookAdded(bookId: "b2", authorId: "a", title: "alpha"))
        #expect(try titles(model.reader.rows(LibraryTables.books, index: LibraryTables.byTitle)) == ["alpha", "Zed"])
        #expect(throws: LedgerError.self) { try model.append(BookAdded(bookId: "b3", authorId: "a", title: "ZED")) }
    }
}
