import Foundation
import Testing
import EventLedger
import LedgerTestSupport
import Music

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

    @Test(.timeLimit(.minutes(1)))
    func theLiveQueryExampleSeesTheSongsAddedAfterItStarted() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("music.lmdb"), domains: [MusicDomain()])
        try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
        let model = await PinkFloydSongsModel(ledger: ledger)
        let observed = Task { try await pinkFloydTitles(in: ledger, once: 2) }
        try ledger.append(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd"))
        try ledger.append(SongAdded(songId: "breathe", title: "Breathe", artistId: "pink-floyd"))
        #expect(try await observed.value == ["Breathe", "Money"])
        // The model's live query runs on its own: wait (bounded) for it to show both songs.
        let deadline = ContinuousClock.now + .seconds(20)
        while await model.titles.count < 2, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(await model.titles == ["Breathe", "Money"])
    }

    @Test func theUndoExampleBringsTheArtistAndItsSongsBack() throws {
        try withTemporaryLedger(MusicDomain()) { ledger in
            try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
            try ledger.append(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd"))
            try ledger.append(SongAdded(songId: "time", title: "Time", artistId: "pink-floyd"))
            let before = try ledger.query("artist-songs", .init(argument: "pink-floyd")).json
            #expect(try deletePinkFloydAndUndo(in: ledger) == ["Money", "Time"])
            #expect(try ledger.query("artist-songs", .init(argument: "pink-floyd")).json == before)
            #expect(try ledger.history(of: "artist-pink-floyd").last?.metadata == ["undoes": "4"])
        }
    }

    @Test(arguments: ["ReadmeExample.swift"])
    func theReadmeShowsExactlyTheTestedCode(_ file: String) throws {
        let source = try String(contentsOf: Self.root.appendingPathComponent("Tests/MusicTests/\(file)"), encoding: .utf8)
        let example = try #require(source.components(separatedBy: "// README-EXAMPLE-BEGIN\n").last?
            .components(separatedBy: "// README-EXAMPLE-END").first)
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("```swift\nimport EventLedger\nimport Music\n\n" + example + "```"))
    }
}
