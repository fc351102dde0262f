import EventLedger

/// An artist as stored in `artists`.
struct ArtistRecord {
    var name: String
    var isDeleted: Bool

    init(name: String, isDeleted: Bool = false) {
        self.name = name
        self.isDeleted = isDeleted
    }

    init(_ row: StateRow) throws {
        guard row.count == 2 else { throw MusicTables.malformedRow(in: MusicTables.artists) }
        self.init(name: row[0], isDeleted: row[1] == "deleted")
    }

    var row: StateRow { [name, isDeleted ? "deleted" : "live"] }
}

/// A song as stored in `songs`.
struct SongRecord {
    var title: String
    var artistId: String?
    var durationSeconds: Int?
    var isDeleted: Bool

    init(title: String, artistId: String?, durationSeconds: Int?, isDeleted: Bool = false) {
        self.title = title
        self.artistId = artistId
        self.durationSeconds = durationSeconds
        self.isDeleted = isDeleted
    }

    init(_ row: StateRow) throws {
        guard row.count == 4 else { throw MusicTables.malformedRow(in: MusicTables.songs) }
        self.init(title: row[0], artistId: MusicTables.artistReference(row[1]),
                  durationSeconds: MusicTables.duration(row[3]), isDeleted: row[2] == "deleted")
    }

    var row: StateRow {
        [title, MusicTables.artistField(artistId), isDeleted ? "deleted" : "live", MusicTables.durationField(durationSeconds)]
    }
}

/// Typed lookups of single entities in the music tables.
struct MusicState {
    let reader: any ProjectionReader

    /// The artist `artistId`, deleted or not; nil when never created.
    func artist(_ artistId: String) throws -> ArtistRecord? {
        try reader.row(MusicTables.artists, StateKey(artistId)).map(ArtistRecord.init)
    }

    /// The song `songId`, deleted or not; nil when never added.
    func song(_ songId: String) throws -> SongRecord? {
        try reader.row(MusicTables.songs, StateKey(songId)).map(SongRecord.init)
    }

    /// The artist `artistId` when it exists and is not deleted.
    func liveArtist(_ artistId: String) throws -> ArtistRecord? {
        try artist(artistId).flatMap { $0.isDeleted ? nil : $0 }
    }

    /// The song `songId` when it exists and is not deleted.
    func liveSong(_ songId: String) throws -> SongRecord? {
        try song(songId).flatMap { $0.isDeleted ? nil : $0 }
    }
}
