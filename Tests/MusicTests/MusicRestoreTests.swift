import EventLedger
import LedgerTestSupport
import Music
import Testing

/// `ArtistRestored` and `SongRestored`, the events undo appends: their payloads, rules and
/// `apply`, on a read model in memory.
@Suite struct MusicRestoreTests {
    /// A read model with Pink Floyd and their songs Money and Echoes, and Time without an artist.
    func seededModel() throws -> InMemoryReadModel<MusicDomain> {
        let model = InMemoryReadModel(MusicDomain())
        try model.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
        try model.append(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd", durationSeconds: 382))
        try model.append(SongAdded(songId: "echoes", title: "Echoes", artistId: "pink-floyd"))
        try model.append(SongAdded(songId: "time", title: "Time"))
        return model
    }

    @Test func aRemovedSongHasNoArtistOrDuration() throws {
        #expect(try SongRestored(payload: payload(#"{"songId":"money"}"#)) == SongRestored(songId: "money", title: nil))
        #expect(
            try ArtistRestored(payload: payload(#"{"artistId":"pink-floyd","name":" Pink Floyd "}"#))
                == ArtistRestored(artistId: "pink-floyd", name: "Pink Floyd"))
        expectInvalidField("title") { try SongRestored(payload: payload(#"{"songId":"money","artistId":"pink-floyd"}"#)) }
        expectInvalidField("title") { try SongRestored(payload: payload(#"{"songId":"money","durationSeconds":382}"#)) }
        expectInvalidField("durationSeconds") { try SongRestored(payload: payload(#"{"songId":"money","title":"Money","durationSeconds":0}"#)) }
    }

    @Test func anArtistRestoredWithANameIsRenamedOrBroughtBackAndWithoutOneDeletedKeepingItsSongs() throws {
        let model = try seededModel()
        try model.append(ArtistRestored(artistId: "pink-floyd", name: "The Pink Floyd"))
        #expect(try MusicQueries.artists(in: model.reader) == [ArtistSummary(artistId: "pink-floyd", name: "The Pink Floyd", songCount: 2)])
        let linked = try model.append(ArtistRestored(artistId: "pink-floyd", name: nil))
        #expect(Set(linked) == ["song-money", "song-echoes"])
        #expect(try MusicQueries.artists(in: model.reader).isEmpty)
        #expect(try MusicQueries.songs(orphansOnly: true, in: model.reader).map(\.songId) == ["echoes", "money", "time"])
        try model.append(ArtistRestored(artistId: "pink-floyd", name: "Pink Floyd"))
        #expect(try MusicQueries.artists(in: model.reader) == [ArtistSummary(artistId: "pink-floyd", name: "Pink Floyd", songCount: 0)])
    }

    @Test func restoringASongUpdatesItRevivesItOrRemovesIt() throws {
        let model = try seededModel()
        try model.append(SongRestored(songId: "time", title: "Time (live)", artistId: "pink-floyd", durationSeconds: 413))
        #expect(
            try MusicQueries.artistSongs("pink-floyd", in: model.reader).songs
                == [
                    ArtistSong(songId: "echoes", title: "Echoes"), ArtistSong(songId: "money", title: "Money", durationSeconds: 382),
                    ArtistSong(songId: "time", title: "Time (live)", durationSeconds: 413),
                ])
        try model.append(SongRestored(songId: "money", title: nil))
        #expect(try MusicQueries.artists(in: model.reader).map(\.songCount) == [2])
        try model.append(SongRestored(songId: "money", title: "Money", artistId: "pink-floyd", durationSeconds: 382))
        #expect(try MusicQueries.artists(in: model.reader).map(\.songCount) == [3])
        #expect(try MusicQueries.songs(in: model.reader).map(\.songId) == ["echoes", "money", "time"])
    }

    @Test func theRulesRefuseToCreateByARestoreOrToUseADeletedArtist() throws {
        let model = try seededModel()
        try model.append(ArtistCreated(artistId: "queen", name: "Queen"))
        try model.append(ArtistDeleted(artistId: "queen"))
        let cases: [(event: any DomainEvent, rule: String, subject: String)] = [
            (ArtistRestored(artistId: "abba", name: "ABBA"), "artist must exist", "artist-abba"),
            (SongRestored(songId: "sos", title: nil), "song must exist", "song-sos"),
            (SongRestored(songId: "time", title: "Time", artistId: "queen"), "artist must not be deleted", "artist-queen"),
        ]
        for (event, rule, subject) in cases {
            let refused = #expect(throws: LedgerError.self) { try model.append(event) }
            #expect(refused?.rule == rule, "\(event)")
            #expect(refused?.subject == subject, "\(event)")
        }
        #expect(model.position == 6)
        try model.append(ArtistRestored(artistId: "queen", name: "Queen"))
        try model.append(SongRestored(songId: "time", title: "Time", artistId: "queen"))
        #expect(try MusicQueries.artistSongs("queen", in: model.reader).songs.map(\.songId) == ["time"])
    }
}
