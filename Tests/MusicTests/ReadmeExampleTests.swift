import EventLedger
import Foundation
import LedgerTestSupport
import Music
import Testing

@Suite struct ReadmeExampleTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theExampleRunsAndReturnsTheSongsInTitleOrder() throws {
        try withTemporaryLedger(MusicDomain()) { ledger in
            let path = ledger.path + ".example"
            defer {
                try? FileManager.default.removeItem(atPath: path)
                try? FileManager.default.removeItem(atPath: path + "-lock")
            }
            let titles = try songsOfPinkFloyd(ledgerPath: path)
            #expect(titles == ["Breathe", "Hey You", "Money"])
        }
    }

    @Test(arguments: ["ReadmeExample.swift"])
    func theReadmeShowsExactlyTheTestedCode(_ file: String) throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Tests/MusicTests/\(file)"), encoding: .utf8)
        let example = try #require(
            source.components(separatedBy: "// README-EXAMPLE-BEGIN\n").last?
                .components(separatedBy: "// README-EXAMPLE-END").first)
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\nimport EventLedger\nimport Music\n\n" + example + "```"))
    }
}
