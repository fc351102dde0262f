import EventLedger

/// An artist is created. Artist names need not be unique.
public struct ArtistCreated: DomainEvent, Equatable {
    /// The ledger assigns `artistId` when it is left out.
    public static let createdEntityField: String? = "artistId"

    /// The new artist's id.
    @ID public var artistId: String
    /// The artist's name.
    @Name public var name: String

    /// An `ArtistCreated` event.
    public init(artistId: String, name: String) {
        self.artistId = artistId
        self.name = name
    }

    /// `artist-⟨artistId⟩`.
    public var stream: String { MusicStreams.artist(artistId) }
}

/// An existing artist gets a new name.
public struct ArtistRenamed: DomainEvent, Equatable {
    /// The artist's id.
    @ID public var artistId: String
    /// The new name.
    @Name public var name: String

    /// An `ArtistRenamed` event.
    public init(artistId: String, name: String) {
        self.artistId = artistId
        self.name = name
    }

    /// `artist-⟨artistId⟩`.
    public var stream: String { MusicStreams.artist(artistId) }
}

/// An artist is deleted; its songs stay and lose their artist.
public struct ArtistDeleted: DomainEvent, Equatable {
    /// The artist's id.
    @ID public var artistId: String

    /// An `ArtistDeleted` event.
    public init(artistId: String) {
        self.artistId = artistId
    }

    /// `artist-⟨artistId⟩`.
    public var stream: String { MusicStreams.artist(artistId) }
}
