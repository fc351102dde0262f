import EventLedger

/// The key of an entity in a list by name: a live artist in `artistsByName`, a live song
/// (by title) in `songsByTitle` and `orphanSongs`. Names compare ignoring case, then ids.
struct NameKey: Codable, Sendable {
    /// `NameOrder.key` of the artist's name or the song's title.
    var nameOrder: String
    /// The artist's or song's id.
    var id: String

    /// The key of the entity `id` called `name`.
    init(name: String, id: String) {
        nameOrder = NameOrder.key(name)
        self.id = id
    }
}

/// The key of a live song in `artistSongs`: the artist's songs by title ignoring case, then id.
struct ArtistSongKey: Codable, Sendable {
    /// The song's artist.
    var artistId: String
    /// `NameOrder.key` of the song's title.
    var titleOrder: String
    /// The song's id.
    var songId: String

    /// The key of the song `songId` titled `title`, under the artist `artistId`.
    init(artistId: String, title: String, songId: String) {
        self.artistId = artistId
        titleOrder = NameOrder.key(title)
        self.songId = songId
    }
}
