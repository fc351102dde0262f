import EventLedger

/// The tables of the `artist-songs` read model: artists and songs, each row the whole state
/// of its entity, with the indexes that list them in the order of the queries.
enum MusicTables {
    /// The read model's name, prefix of its tables.
    static let readModel = "artist-songs"

    /// Live artists by name ignoring case, then id: the `artists` query's order.
    static let artistsByName = TableIndex<ArtistRecord>("by-name") { artist in
        artist.isDeleted ? nil : CaseFolded(artist.name)
    }
    /// Live songs by title ignoring case, then id: the `songs` query's order.
    static let songsByTitle = TableIndex<SongRecord>("by-title") { song in
        song.isDeleted ? nil : CaseFolded(song.title)
    }
    /// Live songs naming an artist (live or not yet known), by artist, then as `songsByTitle`.
    static let songsByArtist = TableIndex<SongRecord>("by-artist") { song -> (String, CaseFolded)? in
        guard !song.isDeleted, let artistId = song.artistId else { return nil }
        return (artistId, CaseFolded(song.title))
    }

    /// `artistId` → every artist created, deleted ones included; the streams of artists are
    /// `artist-⟨artistId⟩`. The songs naming an artist are part of its state: a song added
    /// to it since refuses the undo of its creation.
    static let artists: ReadModelTable<String, ArtistRecord> = ReadModelTable(
        readModel: readModel, name: "artists", entityStream: "artist-", indexes: [artistsByName],
        referredBy: [Referrers(songs, index: songsByArtist)])
    /// `songId` → every song added, deleted ones included; the streams of songs are
    /// `song-⟨songId⟩`. Undo never gives a live song an artist that is deleted or unknown.
    static let songs: ReadModelTable<String, SongRecord> = ReadModelTable(
        readModel: readModel, name: "songs", entityStream: "song-", indexes: [songsByTitle, songsByArtist]
    ) { _, song, readModel throws(LedgerError) in
        guard let song, !song.isDeleted, let artistId = song.artistId else { return }
        try readModel.requireLive(artists, artistId, kind: "artist")
    }
}
