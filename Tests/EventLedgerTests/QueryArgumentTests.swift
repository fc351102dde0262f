import Testing

@testable import EventLedger

/// A query that names its argument is given it first, and refused without it.
@Suite struct QueryArgumentTests {
    static let echo = QueryDefinition(name: "echo", argumentName: "WORD", summary: "the word given") { word, _, _ in
        try QueryResult(rows: [["word": word]])
    }

    @Test func theArgumentIsGivenFirstAndAMissingOneIsNamed() throws {
        let reader = ReadModelWriter(FoldedReadModel(tables: [])).reader
        #expect(Self.echo.argumentName == "WORD")
        #expect(try Self.echo.run(.init(argument: "hello"), reader).json == .array([.object(["word": .string("hello")])]))
        #expect(throws: LedgerError(.invalidInput, "echo needs its argument WORD")) { try Self.echo.run(.init(), reader) }
    }
}
