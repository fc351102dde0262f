import EventLedger
import Music
import Testing

/// The music domain's `apply` and rules without a ledger file: events folded into an
/// `InMemoryReadModel`, read back through `MusicQueries`.
@Suite struct MusicInMemoryReadModelTests {
    @Test func songsFollowTheirArtistThroughImportRenameAndDeletion() throws {
        let model = InMemoryReadModel(MusicDomain())
        try model.append(SongAdded(songId: "money", title: "Money", artistId: "pink-floyd", durationSeconds: 382), mode: .importing)
        try model.append(SongAdded(songId: "echoes", title: "echoes"))
        #expect(try MusicQueries.songs(orphansOnly: true, in: model.reader).map(\.songId) == ["echoes", "money"])

        try model.append(ArtistCreated(artistId: "pink-floyd", name: "Pink Floyd"))
        try model.append(SongReassigned(songId: "echoes", artistId: "pink-floyd"))
        try model.append(ArtistRenamed(artistId: "pink-floyd", name: "The Pink Floyd"))
        #expect(try MusicQueries.artists(in: model.reader) == [ArtistSummary(artistId: "pink-floyd", name: "The Pink Floyd", songCount: 2)])
        #expect(
            try MusicQueries.artistSongs("pink-floyd", in: model.reader)
                == ArtistSongs(
                    artistId: "pink-floyd", name: "The Pink Floyd",
                    songs: [ArtistSong(songId: "echoes", title: "echoes"), ArtistSong(songId: "money", title: "Money", durationSeconds: 382)]))
        #expect(try MusicQueries.songs(orphansOnly: true, in: model.reader).isEmpty)

        try model.append(ArtistDeleted(artistId: "pink-floyd"))
        #expect(try MusicQueries.artists(in: model.reader).isEmpty)
        #expect(
            try MusicQueries.songs(in: model.reader)
                == [
                    SongSummary(songId: "echoes", title: "echoes", artistId: nil),
                    SongSummary(songId: "money", title: "Money", artistId: nil, durationSeconds: 382),
                ])
        #expect(model.position == 6)
    }

    @Test func aBrokenRuleLeavesTheReadModelAsItWas() throws {
        let model = InMemoryReadModel(MusicDomain())
        try model.append(SongAdded(songId: "money", title: "Money"))
        try model.append(SongDeleted(songId: "money"))
        let error = #expect(throws: LedgerError.self) { try model.append(SongRetitled(songId: "money", title: "Time")) }
        #expect(error?.rule == "song must not be deleted" && error?.subject == "song-money")
        #expect(try MusicQueries.songs(in: model.reader).isEmpty)
        #expect(model.position == 2)
    }
}
