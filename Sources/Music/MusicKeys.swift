import EventLedger

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

extension ArtistSongKey: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        (artistId, titleOrder, songId) = (try fields.read(), try fields.read(), try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(artistId)
        fields.write(titleOrder)
        fields.write(songId)
    }
}
