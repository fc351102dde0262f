import EventLedger

/// The tables of the `artist-songs` read model.
///
/// Keys sort the way the queries list their rows, so every query is one lookup or one
/// prefix scan over exactly the rows it returns.
enum MusicTables {
    /// The read model's name, prefix of its tables.
    static let readModel = "artist-songs"

    /// `artistId` → every artist created, deleted ones included.
    static let artists = ReadModelTable<String, ArtistRecord>(readModel: readModel, name: "artists")
    /// Live artists with their song counts, in the order of the `artists` query.
    static let artistsByName = ReadModelTable<NameOrderKey, ListedArtist>(readModel: readModel, name: "artists-by-name")
    /// `songId` → every song added, deleted ones included.
    static let songs = ReadModelTable<String, SongRecord>(readModel: readModel, name: "songs")
    /// Live songs, in the order of the `songs` query.
    static let songsByTitle = ReadModelTable<NameOrderKey, ListedSong>(readModel: readModel, name: "songs-by-title")
    /// Live songs naming an artist that is live or not yet known, by artist, then as `songsByTitle`.
    static let artistSongs = ReadModelTable<ArtistSongKey, ArtistSongRow>(readModel: readModel, name: "artist-songs")
    /// Live songs without a live artist, in the order of `songsByTitle`.
    static let orphanSongs = ReadModelTable<NameOrderKey, ListedSong>(readModel: readModel, name: "orphan-songs")

    /// Every table of the read model.
    static let all: [any DeclaredTable] = [artists, artistsByName, songs, songsByTitle, artistSongs, orphanSongs]
}
