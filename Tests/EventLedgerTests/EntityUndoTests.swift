import EventLedger
import LedgerTestSupport
import Testing

/// Undo of a domain that declares only which tables hold its entities: the ledger restores
/// their rows and indexes with its own `EntityRestored` events.
@Suite struct EntityUndoTests {
    private func bookTitles(_ ledger: Ledger) throws -> [String] {
        try ledger.read { reader in try titles(reader.rows(LibraryTables.books, index: LibraryTables.byTitle)) }
    }

    @Test func undoReturnsRowsAndIndexesToTheirStateBeforeTheCommit() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            try ledger.append(BookAdded(bookId: "b1", authorId: "a", title: "First"))
            let retitle = try ledger.append(BookRetitled(bookId: "b1", title: "Second"))
            let added = try ledger.append(BookAdded(bookId: "b2", authorId: "a", title: "Other"))
            try ledger.undo(commit: added.commit)
            #expect(try bookTitles(ledger) == ["Second"])
            #expect(try ledger.read { try $0.row(LibraryTables.books, "b2") } == nil)
            let undone = try #require(try ledger.undo(commit: retitle.commit))
            #expect(try bookTitles(ledger) == ["First"])
            // The undo is one commit of the ledger's own events, stored like any other.
            var types: [String] = []
            try ledger.forEachEvent(LogFilter(from: undone.positions[0])) { event in
                types.append(event.type)
                return true
            }
            #expect(types == ["EntityRestored"])
            // Undoing the undo redoes, and rebuilding gives the same rows.
            try ledger.undo(commit: undone.commit)
            #expect(try bookTitles(ledger) == ["Second"])
            _ = try ledger.rebuild()
            #expect(try bookTitles(ledger) == ["Second"])
            #expect(try ledger.verify().problems == [])
        }
    }

    @Test func aLaterCommitOnTheEntityIsAConflictNamingIt() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            let added = try ledger.append(BookAdded(bookId: "b1", authorId: "a", title: "First"))
            let later = try ledger.append(BookRetitled(bookId: "b1", title: "Second"))
            let error = #expect(throws: LedgerError.self) { try ledger.undo(commit: added.commit) }
            #expect(error?.kind == .conflict)
            #expect(error?.message == "commit \(added.commit) cannot be undone: commit \(later.commit) changed book-b1 since")
        }
    }

    @Test func aUniqueKeyTakenSinceRefusesTheUndoAsARule() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            try ledger.append(BookAdded(bookId: "b1", authorId: "a", title: "First"))
            let retitle = try ledger.append(BookRetitled(bookId: "b1", title: "Second"))
            try ledger.append(BookAdded(bookId: "b2", authorId: "a", title: "first"))
            let error = #expect(throws: LedgerError.self) { try ledger.undo(commit: retitle.commit) }
            #expect(error?.kind == .ruleViolation)
            #expect(error?.message.contains("is taken by book-b2") == true)
            #expect(try bookTitles(ledger) == ["first", "Second"])
        }
    }

    @Test func aRestorationIsCheckedLikeAnyEvent() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            try ledger.append(BookAdded(bookId: "b1", authorId: "a", title: "First"))
            let unknownTable = #expect(throws: LedgerError.self) {
                try ledger.append(EntityRestored(entity: "book-b1", table: "library.shelves", row: nil))
            }
            #expect(unknownTable?.kind == .invalidInput)
            let badRow = #expect(throws: LedgerError.self) {
                try ledger.append(EntityRestored(entity: "book-b1", table: "library.books", row: .object(["title": .int(3)])))
            }
            #expect(badRow?.kind == .invalidInput)
            let never = #expect(throws: LedgerError.self) {
                try ledger.append(
                    EntityRestored(
                        entity: "book-b9", table: "library.books",
                        row: .object(["authorId": .string("a"), "title": .string("New"), "isDeleted": .bool(false)])))
            }
            #expect(never?.rule == "entity must exist")
        }
    }

    @Test func aRowReferringToTheEntitySinceIsAConflictNamingItsCommit() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            let added = try ledger.append(BookAdded(bookId: "b1", authorId: "a", title: "First"))
            let loan = try ledger.append(LoanOpened(loanId: "l1", bookId: "b1", dueDay: 3))
            let error = #expect(throws: LedgerError.self) { try ledger.undo(commit: added.commit) }
            #expect(error?.kind == .conflict)
            #expect(error?.message == "commit \(added.commit) cannot be undone: commit \(loan.commit) changed book-b1 since")
            #expect(try bookTitles(ledger) == ["First"])
        }
    }

    @Test func aTableRefusesARestorationItsRulesForbid() throws {
        try withTemporaryLedger(LibraryDomain()) { ledger in
            try ledger.append(BookAdded(bookId: "b1", authorId: "a", title: "First"))
            let loan = try ledger.append(LoanOpened(loanId: "l1", bookId: "b1", dueDay: 3))
            let undone = try #require(try ledger.undo(commit: loan.commit))
            try ledger.append(BookRemoved(bookId: "b1"))
            // Redoing the loan would bring it back on a removed book.
            let error = #expect(throws: LedgerError.self) { try ledger.undo(commit: undone.commit) }
            #expect(error?.rule == "book must not be deleted")
            #expect(try ledger.read { try $0.row(LibraryTables.loans, "l1") } == nil)
        }
    }
}
