import EventLedger

/// An artist returns to an earlier state, as undo appended it in earlier versions (it now
/// appends the ledger's `EntityRestored`): live with `name`, or, without a name, removed
/// (deleted, its songs losing their artist).
public struct ArtistRestored: EntityEvent, Equatable {
    /// The artist's stream, `artist-⟨artistId⟩`; the artist must exist, deleted or not.
    public static let entity = EventEntity(MusicTables.artists, id: \Self.artistId, requires: .exists)
    /// The artist's id.
    @ID public var artistId: String
    /// The name the artist is live with, or nil to remove it.
    @OptionalName public var name: String?
    /// An `ArtistRestored` event.
    public init(artistId: String, name: String?) { (self.artistId, self.name) = (artistId, name) }
}

/// A song returns to an earlier state, as undo appended it in earlier versions (it now
/// appends the ledger's `EntityRestored`): live with `title`, its artist and duration, or,
/// without a title, removed.
public struct SongRestored: EntityEvent, Equatable {
    /// The song's stream, `song-⟨songId⟩`; the song must exist, deleted or not.
    public static let entity = EventEntity(MusicTables.songs, id: \Self.songId, requires: .exists)
    /// The song's id.
    @ID public var songId: String
    /// The title the song is live with, or nil to remove it.
    @OptionalName public var title: String?
    /// The song's artist, or nil for none.
    @OptionalID public var artistId: String?
    /// The song's length in seconds (`SongAdded.durationRange`), or nil when not known.
    public var durationSeconds: Int?

    /// A `SongRestored` event.
    public init(songId: String, title: String?, artistId: String? = nil, durationSeconds: Int? = nil) {
        (self.songId, self.title, self.artistId, self.durationSeconds) = (songId, title, artistId, durationSeconds)
    }

    /// Checks the duration's range, and that a removed song (no title) has no artist or duration.
    public func validate() throws(LedgerError) {
        try FieldRules.require(durationSeconds, in: SongAdded.durationRange, field: "durationSeconds")
        if title == nil, artistId != nil || durationSeconds != nil {
            throw LedgerError.invalidField("title", "missing: only a song restored with a title has an artist or a duration")
        }
    }
}
