import EventLedger
import LedgerTestSupport
import Music
import Testing

/// Undo of music commits through a ledger: each commit's artists and songs return to their
/// state just before it, as `--as-of` shows them.
@Suite struct MusicUndoTests {
    let domain = MusicDomain()

    /// Every query over the artists and songs of these tests.
    let queries =
        [CheckedQuery("artists"), CheckedQuery("songs"), CheckedQuery("songs", flags: ["orphans"])]
        + ["pink-floyd", "queen"].map { CheckedQuery("artist-songs", $0) }

    /// Appends Pink Floyd with Money and Echoes, Queen, and Time without an artist.
    func seed(_ ledger: Ledger) throws {
        try ledger.append([
            PendingEvent(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd")),
            PendingEvent(ArtistCreated(artistId: "queen", name: "Queen")),
            PendingEvent(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd", durationSeconds: 382)),
            PendingEvent(SongAdded(songId: "echoes", title: "Echoes", artistId: "pink-floyd")),
            PendingEvent(SongAdded(songId: "time", title: "Time")),
        ])
    }

    @Test func undoOfACommitOfEachEventTypeReturnsItsEntitiesToTheirPastStateAndUndoOfTheUndoRedoes() throws {
        try withTemporaryLedger(domain) { ledger in
            try seed(ledger)
            let events: [any DomainEvent] = [
                ArtistCreated(artistId: "abba", name: "ABBA"),
                ArtistRenamed(artistId: "pink-floyd", name: "The Pink Floyd"),
                ArtistDeleted(artistId: "pink-floyd"),
                SongAdded(songId: "bohemian", title: "Bohemian Rhapsody", artistId: "queen", durationSeconds: 354),
                SongRetitled(songId: "money", title: "Money (remastered)"),
                SongReassigned(songId: "time", artistId: "queen"),
                SongReassigned(songId: "echoes"),
                SongDeleted(songId: "money"),
                ArtistRestored(artistId: "pink-floyd", name: nil),
                ArtistRestored(artistId: "queen", name: "Queen II"),
                SongRestored(songId: "echoes", title: "Echoes (live)", artistId: "queen", durationSeconds: 1400),
                SongRestored(songId: "money", title: nil),
            ]
            #expect(Set(events.map { type(of: $0).typeName }) == Set(ledger.eventTypeNames).subtracting([EntityRestored.typeName]))
            for event in events {
                let done = try ledger.append([PendingEvent(event)])
                let undo = try undoExpectingPastAnswers(ledger, done, queries)
                #expect(try allEvents(ledger).suffix(undo.positions.count).allSatisfy { $0.metadata == ["undoes": String(done.commit)] })
                try ledger.undo(commit: undo.commit)
                expectAnswers(ledger, queries, asOf: done.positions[0], "after redoing \(type(of: event).typeName)")
                try ledger.undo(commit: undo.commit + 1)
            }
            // A rebuild from the log, undos included, gives the read models as they are.
            #expect(try ledger.verify().problems == [])
        }
    }

    @Test func aSessionOfSeveralEventsIsUndoneInOneCommit() throws {
        try withTemporaryLedger(domain) { ledger in
            try seed(ledger)
            let session = try ledger.beginSession(name: "tidy up")
            try session.stage(SongReassigned(songId: "time", artistId: "pink-floyd"))
            try session.stage(ArtistRenamed(artistId: "queen", name: "Queen + Adam Lambert"))
            try session.stage(SongAdded(songId: "radio-gaga", title: "Radio Ga Ga", artistId: "queen"))
            try session.stage(ArtistDeleted(artistId: "pink-floyd"))
            let done = try session.commit()
            let undo = try undoExpectingPastAnswers(ledger, done, queries)
            #expect(undo.commit == done.commit + 1)
            // Time, given to Pink Floyd and left without an artist by their deletion, is as it was.
            #expect(
                try allEvents(ledger).suffix(undo.positions.count).map(\.stream).sorted()
                    == ["artist-pink-floyd", "artist-queen", "song-echoes", "song-money", "song-radio-gaga"])
        }
    }
}
