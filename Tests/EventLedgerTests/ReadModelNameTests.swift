import EventLedger
import Testing

/// A domain that does not name its read model has the one its tables belong to.
@Suite struct ReadModelNameTests {
    @Test func aDomainsReadModelIsItsTablesByDefault() {
        #expect(LibraryDomain().readModelName == "library")
        #expect(LibraryTables.books.readModelName == "library" && LibraryTables.books.qualifiedName == "library.books")
    }
}
