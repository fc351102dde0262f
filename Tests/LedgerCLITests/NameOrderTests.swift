import Foundation
import LedgerCLITestSupport
import Testing

/// Names list as people read them, ignoring case under Unicode case folding, then by id:
/// now, in the past, in a session preview and after a rebuild; category names equal under
/// the same comparison are taken.
@Suite struct NameOrderTests {
    /// Artist names in the order they are created, with ids `a1`, `a2`…
    static let names = ["Echoes", "echoes", "Zebra", "apple", "Straße", "STRASSE", "ß", "ss"]

    /// The artist names as `query artists` lists them, with `options`.
    func artistNames(
        _ sandbox: LedgerSandbox, _ options: [String] = [],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String?] {
        try sandbox.array(["query", "artists"] + options, sourceLocation: sourceLocation).map { $0.string("name") }
    }

    @Test func artistsListIgnoringCaseNowInThePastInASessionAndAfterARebuild() throws {
        let sandbox = try LedgerSandbox()
        for (index, name) in Self.names.enumerated() {
            try sandbox.ok(["append", "ArtistCreated", #"{"artistId":"a\#(index + 1)","name":"\#(name)"}"#])
        }
        let expected = ["apple", "Echoes", "echoes", "ß", "ss", "Straße", "STRASSE", "Zebra"]
        let expectedAtSix = ["apple", "Echoes", "echoes", "Straße", "STRASSE", "Zebra"]
        #expect(try artistNames(sandbox) == expected)
        #expect(try artistNames(sandbox, ["--as-of", "6"]) == expectedAtSix)
        let table = try sandbox.ok(["query", "artists"]).stdout
        #expect(table.range(of: "Echoes")!.upperBound < table.range(of: "echoes")!.lowerBound)
        #expect(table.range(of: "echoes")!.upperBound < table.range(of: "Zebra")!.lowerBound)

        let session = try sandbox.beginSession()
        try sandbox.stage(session, "ArtistCreated", #"{"artistId":"a9","name":"ECHOES"}"#)
        #expect(
            try artistNames(sandbox, ["--session", session])
                == ["apple", "Echoes", "echoes", "ECHOES", "ß", "ss", "Straße", "STRASSE", "Zebra"])

        try sandbox.ok(["rebuild"])
        try sandbox.ok(["verify"])
        #expect(try artistNames(sandbox) == expected)
        #expect(try artistNames(sandbox, ["--as-of", "6"]) == expectedAtSix)
    }

    @Test func aCategoryNameEqualUnderCaseFoldingIsRefused() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "CategoryCreated", #"{"categoryId":"street","name":"Straße"}"#])
        let refused = try sandbox.run(["append", "CategoryCreated", #"{"categoryId":"road","name":"STRASSE"}"#])
        expectFailure(refused, exit: 1, mentions: ["category name must be unique", "category-road", "category-street"])
        #expect(try sandbox.array(["query", "categories"]).map { $0.string("categoryId") } == ["street"])
    }
}
