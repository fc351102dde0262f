import EventLedger

/// An artist is created. Artist names need not be unique.
public struct ArtistCreated: EntityEvent, Equatable {
    /// The artist's stream, `artist-⟨artistId⟩`; left out, the ledger assigns `artistId` a UUID.
    public static let entity = EventEntity(MusicTables.artists, id: \Self.artistId), createdEntityField: String? = "artistId"
    /// The new artist's id.
    @ID public var artistId: String
    /// The artist's name.
    @Name public var name: String
    /// An `ArtistCreated` event.
    public init(artistId: String, name: String) { (self.artistId, self.name) = (artistId, name) }
}

/// An existing artist gets a new name.
public struct ArtistRenamed: EntityEvent, Equatable {
    /// The artist's stream, `artist-⟨artistId⟩`; the artist must be live.
    public static let entity = EventEntity(MusicTables.artists, id: \Self.artistId, requires: .live)
    /// The artist's id.
    @ID public var artistId: String
    /// The new name.
    @Name public var name: String
    /// An `ArtistRenamed` event.
    public init(artistId: String, name: String) { (self.artistId, self.name) = (artistId, name) }
}

/// An artist is deleted; its songs stay and lose their artist.
public struct ArtistDeleted: EntityEvent, Equatable {
    /// The artist's stream, `artist-⟨artistId⟩`; the artist must be live.
    public static let entity = EventEntity(MusicTables.artists, id: \Self.artistId, requires: .live)
    /// The artist's id.
    @ID public var artistId: String
    /// An `ArtistDeleted` event.
    public init(artistId: String) { self.artistId = artistId }
}
