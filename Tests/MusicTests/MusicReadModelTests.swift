import EventLedger
import LedgerTestSupport
import Music
import Testing

/// How events fold into the `artist-songs` read model: nullify on artist deletion,
/// out-of-order imports, counts and orders following edits.
@Suite struct MusicReadModelTests {
    let domain = MusicDomain()

    @Test func deletingAnArtistKeepsItsSongsWithoutArtist() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(ArtistCreated(artistId: "queen", name: "Queen")),
                PendingEvent(ArtistCreated(artistId: "abba", name: "ABBA")),
                PendingEvent(SongAdded(songId: "bohemian", title: "Bohemian Rhapsody", artistId: "queen")),
                PendingEvent(SongAdded(songId: "radio", title: "Radio Ga Ga", artistId: "queen")),
                PendingEvent(SongAdded(songId: "waterloo", title: "Waterloo", artistId: "abba")),
            ])
            try ledger.append(ArtistDeleted(artistId: "queen"))

            #expect(try queryJSON(ledger, "artists") == #"[{"artistId":"abba","name":"ABBA","songCount":1}]"#)
            #expect(
                try queryJSON(ledger, "songs") == #"[{"artistId":null,"durationSeconds":null,"songId":"bohemian","title":"Bohemian Rhapsody"},"#
                    + #"{"artistId":null,"durationSeconds":null,"songId":"radio","title":"Radio Ga Ga"},{"artistId":"abba","durationSeconds":null,"songId":"waterloo","title":"Waterloo"}]"#
            )
            #expect(
                try queryJSON(ledger, "songs", flags: ["orphans"])
                    == #"[{"artistId":null,"durationSeconds":null,"songId":"bohemian","title":"Bohemian Rhapsody"},{"artistId":null,"durationSeconds":null,"songId":"radio","title":"Radio Ga Ga"}]"#
            )
            let error = #expect(throws: LedgerError.self) { try ledger.query("artist-songs", .init(argument: "queen")) }
            #expect(error?.kind == .notFound)

            // The songs live on and can be given a new artist.
            try ledger.append(SongReassigned(songId: "radio", artistId: "abba"))
            #expect(try queryJSON(ledger, "artists") == #"[{"artistId":"abba","name":"ABBA","songCount":2}]"#)
        }
    }

    @Test func aSongImportedBeforeItsArtistShowsUnderItOnceItArrives() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append(
                [
                    PendingEvent(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd")),
                    PendingEvent(SongAdded(songId: "time", title: "Time")),
                    PendingEvent(SongReassigned(songId: "time", artistId: "pink-floyd")),
                ], mode: .importing)
            #expect(try queryJSON(ledger, "artists") == "[]")
            #expect(
                try queryJSON(ledger, "songs", flags: ["orphans"])
                    == #"[{"artistId":"pink-floyd","durationSeconds":null,"songId":"money","title":"Money"},{"artistId":"pink-floyd","durationSeconds":null,"songId":"time","title":"Time"}]"#
            )
            #expect(throws: LedgerError.self) { try ledger.query("artist-songs", .init(argument: "pink-floyd")) }

            try ledger.append([PendingEvent(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))], mode: .importing)
            #expect(try queryJSON(ledger, "artists") == #"[{"artistId":"pink-floyd","name":"Pink Floyd","songCount":2}]"#)
            #expect(
                try queryJSON(ledger, "artist-songs", "pink-floyd") == #"{"artistId":"pink-floyd","name":"Pink Floyd","songs":"#
                    + #"[{"durationSeconds":null,"songId":"money","title":"Money"},{"durationSeconds":null,"songId":"time","title":"Time"}]}"#)
            #expect(try queryJSON(ledger, "songs", flags: ["orphans"]) == "[]")
        }
    }

    @Test func songCountsFollowSongEdits() throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(ArtistCreated(artistId: "queen", name: "Queen")),
                PendingEvent(ArtistCreated(artistId: "abba", name: "ABBA")),
                PendingEvent(SongAdded(songId: "a", title: "A", artistId: "queen")),
                PendingEvent(SongAdded(songId: "b", title: "B", artistId: "queen")),
                PendingEvent(SongAdded(songId: "c", title: "C", artistId: "queen")),
            ])
            try ledger.append(SongReassigned(songId: "a", artistId: "abba"))
            try ledger.append(SongDeleted(songId: "b"))
            try ledger.append(SongRetitled(songId: "c", title: "Another"))
            try ledger.append(ArtistRenamed(artistId: "abba", name: "Waterloo Four"))
            #expect(
                try queryJSON(ledger, "artists") == #"[{"artistId":"queen","name":"Queen","songCount":1},"#
                    + #"{"artistId":"abba","name":"Waterloo Four","songCount":1}]"#)
            #expect(
                try queryJSON(ledger, "artist-songs", "queen")
                    == #"{"artistId":"queen","name":"Queen","songs":[{"durationSeconds":null,"songId":"c","title":"Another"}]}"#)
            #expect(
                try queryJSON(ledger, "songs")
                    == #"[{"artistId":"abba","durationSeconds":null,"songId":"a","title":"A"},{"artistId":"queen","durationSeconds":null,"songId":"c","title":"Another"}]"#
            )
        }
    }
}
