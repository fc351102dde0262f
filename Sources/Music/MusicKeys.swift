import EventLedger

/// The key of a live artist in `artistsByName`: names compare ignoring case, then ids.
struct NameKey: Codable, Sendable {
    /// `NameOrder.key` of the artist's name.
    var nameOrder: String
    /// The artist's id.
    var artistId: String

    /// The key of the artist `artistId` called `name`.
    init(name: String, artistId: String) {
        nameOrder = NameOrder.key(name)
        self.artistId = artistId
    }
}

/// The key of a live song in `songsByTitle` and `orphanSongs`: titles compare ignoring case, then ids.
struct TitleKey: Codable, Sendable {
    /// `NameOrder.key` of the song's title.
    var titleOrder: String
    /// The song's id.
    var songId: String

    /// The key of the song `songId` titled `title`.
    init(title: String, songId: String) {
        titleOrder = NameOrder.key(title)
        self.songId = songId
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

    /// The key of the same song in `songsByTitle` and `orphanSongs`.
    var titleKey: TitleKey { TitleKey(titleOrder: titleOrder, songId: songId) }
}

extension TitleKey {
    /// A key from its stored fields.
    fileprivate init(titleOrder: String, songId: String) {
        self.titleOrder = titleOrder
        self.songId = songId
    }
}
