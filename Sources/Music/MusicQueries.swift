import EventLedger

/// A live artist as the `artists` query lists it.
public struct ArtistSummary: Codable, Sendable, Equatable {
    /// The artist's id and name.
    public let artistId: String, name: String
    /// The number of live songs under the artist.
    public let songCount: Int
}

/// A song of an artist, as the `artist-songs` query lists it.
public struct ArtistSong: Codable, Sendable, Equatable {
    /// The song's id and title.
    public let songId: String, title: String
    /// The song's length in seconds, or nil when not known.
    public let durationSeconds: Int?
}

/// A live artist and its live songs: the answer of the `artist-songs` query.
public struct ArtistSongs: Codable, Sendable, Equatable {
    /// The artist's id and name.
    public let artistId: String, name: String
    /// The artist's songs, by title, then id.
    public let songs: [ArtistSong]
}

/// A live song as the `songs` query lists it.
public struct SongSummary: Codable, Sendable, Equatable {
    /// The song's id and title.
    public let songId: String, title: String
    /// The song's artist, or nil when it has none.
    public let artistId: String?
    /// The song's length in seconds, or nil when not known.
    public let durationSeconds: Int?
}

/// The queries over the `artist-songs` read model, typed.
///
/// Pass the reader of `Ledger.read { }`, or any other (past position, session preview).
/// Orders compare names and titles ignoring case (`NameOrder`), then ids.
public enum MusicQueries {
    /// Live artists with their live song counts, by name ignoring case, then id.
    public static func artists(in readModel: ReadModelReader) throws(LedgerError) -> [ArtistSummary] {
        try readModel.rows(MusicTables.artists, index: MusicTables.artistsByName).map { artist throws(LedgerError) in
            let songCount = try readModel.count(MusicTables.songs, index: MusicTables.songsByArtist, .prefix(artist.key))
            return ArtistSummary(artistId: artist.key, name: artist.row.name, songCount: songCount)
        }
    }

    /// The live artist `artistId` with its live songs, by title, then id.
    /// Throws `LedgerError` `.notFound` when the artist does not exist or is deleted.
    public static func artistSongs(_ artistId: String, in readModel: ReadModelReader) throws(LedgerError) -> ArtistSongs {
        let artist = try readModel.requireFound(MusicTables.artists, artistId, kind: "artist")
        let songs = try readModel.rows(MusicTables.songs, index: MusicTables.songsByArtist, prefix: artistId).map { song in
            ArtistSong(songId: song.key, title: song.row.title, durationSeconds: song.row.durationSeconds)
        }
        return ArtistSongs(artistId: artistId, name: artist.name, songs: songs)
    }

    /// Live songs by title, then id; with `orphansOnly`, only those whose artist is none,
    /// deleted or not yet known.
    public static func songs(orphansOnly: Bool = false, in readModel: ReadModelReader) throws(LedgerError) -> [SongSummary] {
        var songs: [SongSummary] = []
        for song in try readModel.rows(MusicTables.songs, index: MusicTables.songsByTitle) {
            if orphansOnly, let artistId = song.row.artistId, try readModel.liveRow(MusicTables.artists, artistId) != nil {
                continue
            }
            songs.append(
                SongSummary(
                    songId: song.key, title: song.row.title, artistId: song.row.artistId,
                    durationSeconds: song.row.durationSeconds))
        }
        return songs
    }
}
