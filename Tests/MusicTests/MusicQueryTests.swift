import EventLedger
import LedgerTestSupport
import Music
import Testing

/// The queries over `artist-songs`: exact JSON shapes, orders, table forms, missing entities.
@Suite struct MusicQueryTests {
    let domain = MusicDomain()

    /// Artists whose names differ only in case, songs with equal titles, one without artist.
    func withFixture(_ body: (Ledger) throws -> Void) throws {
        try withTemporaryLedger(domain) { ledger in
            try ledger.append([
                PendingEvent(ArtistCreated(artistId: "b2", name: "beta")),
                PendingEvent(ArtistCreated(artistId: "a3", name: "ALPHA")),
                PendingEvent(ArtistCreated(artistId: "a2", name: "Alpha")),
                PendingEvent(ArtistCreated(artistId: "a1", name: "alpha")),
                PendingEvent(SongAdded(songId: "s3", title: "Song", artistId: "a1")),
                PendingEvent(SongAdded(songId: "s1", title: "Song", artistId: "a1")),
                PendingEvent(SongAdded(songId: "s2", title: "Aria", artistId: "a1")),
                PendingEvent(SongAdded(songId: "s4", title: "aria")),
                PendingEvent(SongAdded(songId: "s5", title: "Beta", artistId: "b2")),
            ])
            try body(ledger)
        }
    }

    @Test func artistsByNameIgnoringCaseThenId() throws {
        try withFixture { ledger in
            #expect(
                try queryJSON(ledger, "artists") == #"[{"artistId":"a1","name":"alpha","songCount":3},"#
                    + #"{"artistId":"a2","name":"Alpha","songCount":0},{"artistId":"a3","name":"ALPHA","songCount":0},"#
                    + #"{"artistId":"b2","name":"beta","songCount":1}]"#)
            let typed = try ledger.read { try MusicQueries.artists(in: $0) }
            #expect(typed.first == ArtistSummary(artistId: "a1", name: "alpha", songCount: 3))
            #expect(typed.map(\.artistId) == ["a1", "a2", "a3", "b2"])
        }
    }

    @Test func artistSongsByTitleThenId() throws {
        try withFixture { ledger in
            #expect(
                try queryJSON(ledger, "artist-songs", "a1") == #"{"artistId":"a1","name":"alpha","songs":"#
                    + #"[{"durationSeconds":null,"songId":"s2","title":"Aria"},{"durationSeconds":null,"songId":"s1","title":"Song"},{"durationSeconds":null,"songId":"s3","title":"Song"}]}"#
            )
            let typed = try ledger.read { try MusicQueries.artistSongs("a2", in: $0) }
            #expect(typed == ArtistSongs(artistId: "a2", name: "Alpha", songs: []))
        }
    }

    @Test func songsByTitleThenIdWithOrphans() throws {
        try withFixture { ledger in
            try ledger.append(ArtistDeleted(artistId: "b2"))
            #expect(
                try queryJSON(ledger, "songs") == #"[{"artistId":"a1","durationSeconds":null,"songId":"s2","title":"Aria"},"#
                    + #"{"artistId":null,"durationSeconds":null,"songId":"s4","title":"aria"},{"artistId":null,"durationSeconds":null,"songId":"s5","title":"Beta"},"#
                    + #"{"artistId":"a1","durationSeconds":null,"songId":"s1","title":"Song"},{"artistId":"a1","durationSeconds":null,"songId":"s3","title":"Song"}]"#
            )
            #expect(
                try queryJSON(ledger, "songs", flags: ["orphans"])
                    == #"[{"artistId":null,"durationSeconds":null,"songId":"s4","title":"aria"},{"artistId":null,"durationSeconds":null,"songId":"s5","title":"Beta"}]"#
            )
            let typed = try ledger.read { try MusicQueries.songs(orphansOnly: true, in: $0) }
            #expect(
                typed == [
                    SongSummary(songId: "s4", title: "aria", artistId: nil),
                    SongSummary(songId: "s5", title: "Beta", artistId: nil),
                ])
        }
    }

    @Test func missingOrDeletedArtistIsNotFound() throws {
        try withFixture { ledger in
            try ledger.append(ArtistDeleted(artistId: "b2"))
            for artistId in ["nobody", "b2"] {
                let error = #expect(throws: LedgerError.self) { try ledger.query("artist-songs", .init(argument: artistId)) }
                #expect(error?.kind == .notFound)
                #expect(error?.message == "artist \"\(artistId)\" does not exist")
            }
        }
    }

    @Test func tableForms() throws {
        try withFixture { ledger in
            let artists = try ledger.query("artists")
            #expect(artists.columns == ["ARTIST ID", "NAME", "SONGS"])
            #expect(artists.rows.first == ["a1", "alpha", "3"])
            let artistSongs = try ledger.query("artist-songs", .init(argument: "b2"))
            #expect(artistSongs.title == "beta (b2)")
            #expect(artistSongs.columns == ["SONG ID", "TITLE", "SECONDS"])
            #expect(artistSongs.rows == [["s5", "Beta", "-"]])
            let orphans = try ledger.query("songs", .init(flags: ["orphans"]))
            #expect(orphans.columns == ["SONG ID", "TITLE", "ARTIST ID", "SECONDS"])
            #expect(orphans.rows == [["s4", "aria", "-", "-"]])
        }
    }

    @Test func queriesAreDeclaredWithTheirArgumentsAndFlags() {
        let queries = domain.queries
        #expect(queries.map(\.name) == ["artists", "artist-songs", "songs"])
        #expect(queries.map(\.argumentName) == [nil, "ARTIST", nil])
        #expect(queries.map(\.flags) == [[], [], ["orphans"]])
    }
}
