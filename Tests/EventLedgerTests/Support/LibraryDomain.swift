import EventLedger

/// A small lending library, the test domain of declared indexes, key ranges and undo: books
/// (entities) whose titles are unique per author ignoring case, and loans listed by due day.
struct BookAdded: DomainEvent {
    @ID var bookId: String
    @ID var authorId: String
    @Name var title: String
    var stream: String { "book-\(bookId)" }
}

struct BookRetitled: DomainEvent {
    @ID var bookId: String
    @Name var title: String
    var stream: String { "book-\(bookId)" }
}

struct BookRemoved: DomainEvent {
    @ID var bookId: String
    var stream: String { "book-\(bookId)" }
}

struct LoanOpened: DomainEvent {
    @ID var loanId: String
    @ID var bookId: String
    var dueDay: Int
    var stream: String { "loan-\(loanId)" }
}

enum LibraryEvent: Sendable {
    case bookAdded(BookAdded)
    case bookRetitled(BookRetitled)
    case bookRemoved(BookRemoved)
    case loanOpened(LoanOpened)
}

/// A book's row.
struct BookRow: EntityRow, Equatable {
    var authorId: String
    var title: String
    var isDeleted = false
}

/// A key of `LibraryTables.byTitle` as a struct: the index makes its keys as a pair, and a
/// pair writes what a struct of the same two fields writes, so either finds a row.
struct TitleKey: Encodable, Sendable {
    var authorId: String
    var title: CaseFolded
}

struct LoanRow: Codable, Sendable, Equatable {
    var bookId: String
    var dueDay: Int
}

enum LibraryTables {
    static let byTitle = TableIndex<BookRow>("by-title", unique: true, rule: "a title is unique per author") { book in
        book.isDeleted ? nil : (book.authorId, CaseFolded(book.title))
    }
    static let byAuthor = TableIndex<BookRow>("by-author") { book in book.isDeleted ? nil : book.authorId }
    /// The loans naming a book are part of its state: a loan opened since refuses the undo.
    static let books: ReadModelTable<String, BookRow> = ReadModelTable(
        readModel: "library", name: "books", entityStream: "book-", indexes: [byTitle, byAuthor],
        referredBy: [Referrers(loans, index: byBook)])
    static let byDueDay = TableIndex<LoanRow>("by-due-day") { loan in loan.dueDay }
    static let byBook = TableIndex<LoanRow>("by-book") { loan in loan.bookId }
    /// Undo never brings back a loan of a removed book.
    static let loans: ReadModelTable<String, LoanRow> = ReadModelTable(
        readModel: "library", name: "loans", entityStream: "loan-", indexes: [byDueDay, byBook]
    ) { _, loan, reader throws(LedgerError) in
        guard let loan else { return }
        try reader.requireLive(books, loan.bookId, kind: "book", stream: "book-\(loan.bookId)")
    }
}

/// The read model is `library`, the one its tables belong to.
struct LibraryDomain: LedgerDomain {
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
            try readModel.updateLive(LibraryTables.books, retitled.bookId) { $0.title = retitled.title }
        case .bookRemoved(let removed):
            try readModel.updateLive(LibraryTables.books, removed.bookId) { $0.isDeleted = true }
        case .loanOpened(let opened):
            try readModel.set(LibraryTables.loans, opened.loanId, LoanRow(bookId: opened.bookId, dueDay: opened.dueDay))
        }
    }
}
