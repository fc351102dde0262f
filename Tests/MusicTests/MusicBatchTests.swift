import EventLedger
import LedgerTestSupport
import Music
import Testing

/// Batches are checked event by event against the state including earlier events of
/// the batch, and commit all or nothing.
@Suite struct MusicBatchTests {
    let domain = MusicDomain()

    @Test func aLaterEventSeesAnEarlierOne() throws {
        try withTemporaryLedger(domain) { ledger in
            let result = try ledger.append([
                PendingEvent(ArtistCreated(artistId: "queen", name: "Queen")),
                PendingEvent(SongAdded(songId: "bohemian", title: "Bohemian", artistId: "queen")),
                PendingEvent(SongRetitled(songId: "bohemian", title: "Bohemian Rhapsody")),
            ])
            #expect(result.commit == 1 && result.positions == [1, 2, 3])
            #expect(
                try queryJSON(ledger, "artist-songs", "queen")
                    == #"{"artistId":"queen","name":"Queen","songs":[{"durationSeconds":null,"songId":"bohemian","title":"Bohemian Rhapsody"}]}"#)
        }
    }

    @Test func aLaterEventSeesAnEarlierDeletion() throws {
        try withTemporaryLedger(domain) { ledger throws in
            let batch = [
                PendingEvent(ArtistCreated(artistId: "queen", name: "Queen")),
                PendingEvent(ArtistDeleted(artistId: "queen")),
                PendingEvent(SongAdded(songId: "bohemian", title: "Bohemian", artistId: "queen")),
            ]
            let error = #expect(throws: LedgerError.self) { try ledger.append(batch) }
            #expect(error?.rule == "artist must not be deleted")
            #expect(error?.eventIndex == 2)
            #expect(try ledger.head().position == 0)
        }
    }

    @Test func aFailingEventRejectsTheWholeBatch() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(ArtistCreated(artistId: "queen", name: "Queen"))
            try expectRuleViolation(
                "song must exist", entity: "song-nothing",
                appending: [
                    PendingEvent(ArtistCreated(artistId: "abba", name: "ABBA")),
                    PendingEvent(SongAdded(songId: "waterloo", title: "Waterloo", artistId: "abba")),
                    PendingEvent(SongRetitled(songId: "nothing", title: "X")),
                ], to: ledger, domain)
            #expect(try queryJSON(ledger, "artists") == #"[{"artistId":"queen","name":"Queen","songCount":0}]"#)
            #expect(try ledger.append(ArtistCreated(artistId: "abba", name: "ABBA")).positions == [2])
        }
    }
}
