import EventLedger
import LedgerDomainContract
import LedgerTestSupport
import Testing

@testable import Music

/// `ArtistRestored` and `SongRestored`, the events undo appends: their payloads, rules and
/// `apply`, on a read model in memory, and as any event of the domain contract.
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
                    ArtistSong(songId: "echoes", title: "Echoes", durationSeconds: nil),
                    ArtistSong(songId: "money", title: "Money", durationSeconds: 382),
                    ArtistSong(songId: "time", title: "Time (live)", durationSeconds: 413),
                ])
        try model.append(SongRestored(songId: "money", title: nil))
        #expect(try MusicQueries.artists(in: model.reader).map(\.songCount) == [2])
        try model.append(SongRestored(songId: "money", title: "Money", artistId: "pink-floyd", durationSeconds: 382))
        #expect(try MusicQueries.artists(in: model.reader).map(\.songCount) == [3])
        #expect(try MusicQueries.songs(in: model.reader).map(\.songId) == ["echoes", "money", "time"])
    }

    /// Restoring events appended as any other: each rule they obey refused, their commits
    /// undone and redone.
    static let restoring = DomainScenario(MusicDomain(), queries: MusicContractTests.scenario.queries)
        .committing(
            ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"), ArtistCreated(artistId: "queen", name: "Queen"),
            SongAdded(songId: "money", title: "Money", artistId: "pink-floyd", durationSeconds: 382),
            SongAdded(songId: "echoes", title: "Echoes", artistId: "pink-floyd"), SongAdded(songId: "time", title: "Time")
        )
        .committing(ArtistCreated(artistId: "abba", name: "ABBA"))
        .committing(ArtistDeleted(artistId: "abba"))
        .refusing(ArtistRestored(artistId: "nobody", name: "Nobody"), rule: "artist must exist", entity: "artist-nobody")
        .refusing(SongRestored(songId: "sos", title: nil), rule: "song must exist", entity: "song-sos")
        .refusing(
            SongRestored(songId: "time", title: "Time", artistId: "abba"), rule: "artist must not be deleted", entity: "artist-abba"
        )
        .committing(ArtistRestored(artistId: "pink-floyd", name: nil))
        .committing(ArtistRestored(artistId: "queen", name: "Queen II"))
        .committing(SongRestored(songId: "echoes", title: "Echoes (live)", artistId: "queen", durationSeconds: 1400))
        .committing(SongRestored(songId: "money", title: nil))
        // A deleted artist brought back, and a song given to it.
        .committing(ArtistRestored(artistId: "abba", name: "ABBA"), SongRestored(songId: "time", title: "Time", artistId: "abba"))
        .expecting(
            CheckedQuery("artist-songs", "abba"),
            #"{"artistId":"abba","name":"ABBA","songs":[{"durationSeconds":null,"songId":"time","title":"Time"}]}"#
        )

    @Test(arguments: ContractClause.allCases)
    func restoringEventsKeepTheDomainContract(_ clause: ContractClause) throws {
        try Self.restoring.check(clause)
    }
}
