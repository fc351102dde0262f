import EventLedger

/// What undo reads and restores of artists and songs.
enum MusicUndo {
    /// A live artist as the read model shows it.
    struct ArtistState: Equatable, Sendable {
        /// The artist's name.
        var name: String
        /// The number of live songs under the artist.
        var songCount: Int
    }

    /// Artists, then the songs that refer to them.
    static let entities = [
        UndoableEntity(streamPrefix: MusicStreams.artist(""), state: artistState) { id, artist in
            ArtistRestored(artistId: id, name: artist?.name)
        },
        UndoableEntity(streamPrefix: MusicStreams.song(""), state: songState) { id, song in
            SongRestored(songId: id, title: song?.title, artistId: song?.artistId, durationSeconds: song?.durationSeconds)
        },
    ]

    /// The artist's name and song count, nil when it does not exist or is deleted.
    @Sendable
    static func artistState(_ artistId: String, in readModel: ReadModelReader) throws(LedgerError) -> ArtistState? {
        guard let artist = try readModel.liveRow(MusicTables.artists, artistId) else { return nil }
        let listed = try readModel.row(MusicTables.artistsByName, NameOrderKey(name: artist.name, id: artistId))
        return ArtistState(name: artist.name, songCount: listed?.songCount ?? 0)
    }

    /// The song's title, artist and duration, nil when it does not exist or is deleted.
    @Sendable
    static func songState(_ songId: String, in readModel: ReadModelReader) throws(LedgerError) -> SongRecord? {
        try readModel.liveRow(MusicTables.songs, songId)
    }
}
