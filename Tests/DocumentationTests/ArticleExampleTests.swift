import EventLedger
import LedgerTestSupport
import Music
import Testing

/// The live query example of UsingALedger.md. tools/test runs DocumentationTests with the
/// tests that must finish within a minute, since it waits for the commits to show.
@Suite struct ArticleLiveQueryTests {
    @MainActor @Test(.timeLimit(.minutes(1)))
    func theLiveQueryExampleSeesTheSongsAddedAfterItStarted() async throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let ledger = try Ledger(path: directory.file("music.lmdb"), domains: [MusicDomain()])
        try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
        let model = PinkFloydSongsModel(ledger: ledger)
        #expect(try await model.songs.firstValue().songs.isEmpty)
        var titles = try await pinkFloydTitles(in: ledger).makeAsyncIterator()
        try ledger.append([
            PendingEvent(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd")),
            PendingEvent(SongAdded(songId: "breathe", title: "Breathe", artistId: "pink-floyd")),
        ])
        #expect(try await titles.next() == [])
        #expect(try await titles.next() == ["Breathe", "Money"])
        await untilObserved { model.titles.count == 2 }
        #expect(model.titles == ["Breathe", "Money"])
    }
}

/// The examples of PastStatesSessionsAndUndo.md.
@Suite struct PastStatesSessionsAndUndoTests {
    @Test func thePastStateExampleReadsAtAPositionAndAtATime() throws {
        try withTemporaryLedger(MusicDomain()) { ledger in
            try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
            let money = try ledger.append(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd"))
            try ledger.append(SongAdded(songId: "time", title: "Time", artistId: "pink-floyd"))
            try ledger.append(SongRetitled(songId: "money", title: "Money (remastered)"))
            let titles = try pinkFloydTitles(in: ledger, asOf: money.positions[0] - 1, orAsOf: money.recordedAt)
            #expect(titles == [["Money (remastered)", "Time"], [], ["Money"]])
        }
    }

    @Test func theFormExampleCommitsWhatIsStillStaged() throws {
        try withTemporaryLedger(MusicDomain()) { ledger in
            try ledger.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
            #expect(try addSongsInAForm(to: ledger) == 1)
            #expect(try ledger.query("artist-songs", .init(argument: "pink-floyd")).rows.map { $0[1] } == ["Time"])
            #expect(try ledger.sessions().isEmpty)
        }
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
}
