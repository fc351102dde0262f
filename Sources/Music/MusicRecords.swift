import EventLedger

/// An artist as stored in `artists`.
struct ArtistRecord: EntityRow {
    /// The artist's name.
    var name: String
    /// Whether the artist is deleted.
    var isDeleted = false
}

/// A live artist as listed in `artistsByName`.
struct ListedArtist: Codable, Sendable {
    /// The artist's name.
    var name: String
    /// The number of live songs under the artist.
    var songCount: Int
}

/// A song as stored in `songs`.
struct SongRecord: EntityRow, Equatable {
    /// The song's title.
    var title: String
    /// The song's artist, or nil for none (or a deleted one).
    var artistId: String?
    /// The song's length in seconds, or nil when not known.
    var durationSeconds: Int?
    /// Whether the song is deleted.
    var isDeleted = false
}

/// A live song as listed in `songsByTitle` and `orphanSongs`.
struct ListedSong: Codable, Sendable {
    /// The song's title.
    var title: String
    /// The song's artist, or nil for none.
    var artistId: String?
    /// The song's length in seconds, or nil when not known.
    var durationSeconds: Int?
}

/// A live song as listed under its artist in `artistSongs`.
struct ArtistSongRow: Codable, Sendable {
    /// The song's title.
    var title: String
    /// The song's length in seconds, or nil when not known.
    var durationSeconds: Int?
}

// The rows read and written most, stored through their own fields rather than `Codable`'s
// containers; the bytes are the same.

extension ArtistRecord: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(name: try fields.read(), isDeleted: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(name)
        fields.write(isDeleted)
    }
}

extension ListedArtist: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(name: try fields.read(), songCount: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(name)
        fields.write(songCount)
    }
}

extension SongRecord: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(
            title: try fields.read(), artistId: try fields.read(), durationSeconds: try fields.read(),
            isDeleted: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(title)
        fields.write(artistId)
        fields.write(durationSeconds)
        fields.write(isDeleted)
    }
}

extension ListedSong: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(title: try fields.read(), artistId: try fields.read(), durationSeconds: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(title)
        fields.write(artistId)
        fields.write(durationSeconds)
    }
}

extension ArtistSongRow: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        self.init(title: try fields.read(), durationSeconds: try fields.read())
    }

    func write(to fields: FieldWriter) {
        fields.write(title)
        fields.write(durationSeconds)
    }
}
