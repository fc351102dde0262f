import EventLedger

/// A song is added, optionally with an artist.
public struct SongAdded: EntityEvent, Equatable {
    /// The song's stream, `song-⟨songId⟩`; left out, the ledger assigns `songId` a UUID.
    public static let entity = EventEntity(MusicTables.songs, id: \Self.songId), createdEntityField: String? = "songId"
    /// Version 2 adds the optional `durationSeconds`; a version 1 event has no duration.
    public static let upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] = [{ version1 in version1 }]
    /// The durations a song may have, in seconds (up to a day).
    public static let durationRange: ClosedRange<Int> = 1...86_400

    /// The new song's id.
    @ID public var songId: String
    /// The song's title.
    @Name public var title: String
    /// The song's artist, or nil for none.
    @OptionalID public var artistId: String?
    /// The song's length in seconds (`durationRange`), or nil when not known.
    public var durationSeconds: Int?

    /// A `SongAdded` event.
    public init(songId: String, title: String, artistId: String? = nil, durationSeconds: Int? = nil) {
        (self.songId, self.title, self.artistId, self.durationSeconds) = (songId, title, artistId, durationSeconds)
    }

    /// Checks that a duration, when there is one, lies in `durationRange`.
    public func validate() throws(LedgerError) {
        try FieldRules.require(durationSeconds, in: Self.durationRange, field: "durationSeconds")
    }
}

/// An existing song gets a new title.
public struct SongRetitled: EntityEvent, Equatable {
    /// The song's stream, `song-⟨songId⟩`; the song must be live.
    public static let entity = EventEntity(MusicTables.songs, id: \Self.songId, requires: .live)
    /// The song's id.
    @ID public var songId: String
    /// The new title.
    @Name public var title: String
    /// A `SongRetitled` event.
    public init(songId: String, title: String) { (self.songId, self.title) = (songId, title) }
}

/// An existing song gets another artist, or none.
public struct SongReassigned: EntityEvent, Equatable {
    /// The song's stream, `song-⟨songId⟩`; the song must be live.
    public static let entity = EventEntity(MusicTables.songs, id: \Self.songId, requires: .live)
    /// The song's id.
    @ID public var songId: String
    /// The new artist, or nil for none.
    @OptionalID public var artistId: String?
    /// A `SongReassigned` event.
    public init(songId: String, artistId: String? = nil) { (self.songId, self.artistId) = (songId, artistId) }
}

/// A song is deleted.
public struct SongDeleted: EntityEvent, Equatable {
    /// The song's stream, `song-⟨songId⟩`; the song must be live.
    public static let entity = EventEntity(MusicTables.songs, id: \Self.songId, requires: .live)
    /// The song's id.
    @ID public var songId: String
    /// A `SongDeleted` event.
    public init(songId: String) { self.songId = songId }
}
