import EventLedger

/// The key of a live song in `MusicTables.songsByArtist`: its artist, then its title ignoring case.
struct ArtistSongKey: Encodable, Sendable {
    /// The song's artist.
    var artistId: String
    /// The song's title.
    var title: CaseFolded
}
