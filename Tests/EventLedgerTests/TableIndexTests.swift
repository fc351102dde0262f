import EventLedger
import LedgerTestSupport
import Testing

/// The titles of `rows`, in order.
func titles(_ rows: [(key: String, row: BookRow)]) -> [String] { rows.map(\.row.title) }

@Suite struct TableIndexTests {
    @Test func aUniqueIndexRefusesAKeyAnotherRowHoldsNamingTheRuleTheEntityAndTheHolder() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            try ledger.append(BookAdded(bookId: "b1", authorId: "le-guin", title: "The Dispossessed"))
            let error = #expect(throws: LedgerError.self) {
                try ledger.append(BookAdded(bookId: "b2", authorId: "le-guin", title: "the DISPOSSESSED"))
            }
            #expect(error?.kind == .ruleViolation)
            #expect(error?.rule == "a title is unique per author")
            #expect(error?.message.contains("book-b2 (\"le-guin\", \"The Dispossessed\" is taken by book-b1)") == true)
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

@Suite struct IndexEntryTests {
    @Test func anEntryIsRewrittenWhenItsRowChangesUnderTheSameIndexKey() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            try ledger.append(BookAdded(bookId: "b1", authorId: "a", title: "First"))
            try ledger.append(BookRemoved(bookId: "b1"))
            try ledger.append(BookAdded(bookId: "b2", authorId: "a", title: "Second"))
            try ledger.append(BookRetitled(bookId: "b2", title: "Third"))
            // by-author's key of b2 stays "a"; its entry holds the retitled row.
            let rows = try ledger.read { reader in try reader.rows(LibraryTables.books, index: LibraryTables.byAuthor, prefix: "a") }
            #expect(rows.map(\.row.title) == ["Third"])
        }
    }
}
