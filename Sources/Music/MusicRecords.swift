import EventLedger

/// An artist as stored in `artists`.
struct ArtistRecord: EntityRow {
    /// The artist's name.
    var name: String
    /// Whether the artist is deleted.
    var isDeleted = false
}

/// A song as stored in `songs`.
struct SongRecord: EntityRow {
    /// The song's title.
    var title: String
    /// The song's artist, or nil for none (or a deleted one).
    var artistId: String?
    /// The song's length in seconds, or nil when not known.
    var durationSeconds: Int?
    /// Whether the song is deleted.
    var isDeleted = false
}

// The rows read and written most, stored through their own fields rather than `Codable`'s
// containers; the bytes are the same.

extension ArtistRecord: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) { (name, isDeleted) = (try fields.read(), try fields.read()) }
    func write(to fields: FieldWriter) { fields.write(name); fields.write(isDeleted) }
}

extension SongRecord: BinaryFields {
    init(fields: FieldReader) throws(LedgerError) {
        (title, artistId, durationSeconds, isDeleted) = (try fields.read(), try fields.read(), try fields.read(), try fields.read())
    }
    func write(to fields: FieldWriter) { fields.write(title); fields.write(artistId); fields.write(durationSeconds); fields.write(isDeleted) }
}
