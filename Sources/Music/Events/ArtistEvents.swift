import EventLedger

/// An artist is created. Artist names need not be unique.
public struct ArtistCreated: DomainEvent, Equatable {
    /// `ArtistCreated`.
    public static let typeName = "ArtistCreated"
    /// The ledger assigns `artistId` when it is left out.
    public static let createdEntityField: String? = "artistId"

    /// The new artist's id.
    public let artistId: String
    /// The artist's name.
    public let name: String

    /// An `ArtistCreated` event.
    public init(artistId: String, name: String) {
        self.artistId = artistId
        self.name = name
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["artistId", "name"])
        try self.init(artistId: reader.id("artistId"), name: reader.name("name"))
    }

    /// `artist-⟨artistId⟩`.
    public var stream: String { MusicStreams.artist(artistId) }

    /// `artistId` and `name`.
    public var payload: [String: JSONValue] { ["artistId": .string(artistId), "name": .string(name)] }
}

/// An existing artist gets a new name.
public struct ArtistRenamed: DomainEvent, Equatable {
    /// `ArtistRenamed`.
    public static let typeName = "ArtistRenamed"

    /// The artist's id.
    public let artistId: String
    /// The new name.
    public let name: String

    /// An `ArtistRenamed` event.
    public init(artistId: String, name: String) {
        self.artistId = artistId
        self.name = name
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["artistId", "name"])
        try self.init(artistId: reader.id("artistId"), name: reader.name("name"))
    }

    /// `artist-⟨artistId⟩`.
    public var stream: String { MusicStreams.artist(artistId) }

    /// `artistId` and `name`.
    public var payload: [String: JSONValue] { ["artistId": .string(artistId), "name": .string(name)] }
}

/// An artist is deleted; its songs stay and lose their artist.
public struct ArtistDeleted: DomainEvent, Equatable {
    /// `ArtistDeleted`.
    public static let typeName = "ArtistDeleted"

    /// The artist's id.
    public let artistId: String

    /// An `ArtistDeleted` event.
    public init(artistId: String) {
        self.artistId = artistId
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["artistId"])
        try self.init(artistId: reader.id("artistId"))
    }

    /// `artist-⟨artistId⟩`.
    public var stream: String { MusicStreams.artist(artistId) }

    /// `artistId`.
    public var payload: [String: JSONValue] { ["artistId": .string(artistId)] }
}
