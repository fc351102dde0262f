import EventLedger

/// A song is added, optionally with an artist.
public struct SongAdded: DomainEvent, Equatable {
    /// `SongAdded`.
    public static let typeName = "SongAdded"
    /// The ledger assigns `songId` when it is left out.
    public static let createdEntityField: String? = "songId"
    /// Version 2 adds the optional `durationSeconds`; a version 1 event has no duration.
    public static let upcasters: [@Sendable ([String: JSONValue]) -> [String: JSONValue]] = [{ version1 in version1 }]
    /// The durations a song may have, in seconds (up to a day).
    public static let durationRange: ClosedRange<Int64> = 1...86_400

    /// The new song's id.
    public let songId: String
    /// The song's title.
    public let title: String
    /// The song's artist, or nil for none.
    public let artistId: String?
    /// The song's length in seconds (`durationRange`), or nil when not known.
    public let durationSeconds: Int?

    /// A `SongAdded` event.
    public init(songId: String, title: String, artistId: String? = nil, durationSeconds: Int? = nil) {
        self.songId = songId
        self.title = title
        self.artistId = artistId
        self.durationSeconds = durationSeconds
    }

    /// Decodes and validates a payload; `artistId` and `durationSeconds` may be absent or null.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["songId", "title", "artistId", "durationSeconds"])
        try self.init(songId: reader.id("songId"), title: reader.name("title"), artistId: reader.optionalID("artistId"),
                      durationSeconds: reader.optionalInteger("durationSeconds", in: Self.durationRange).map { Int($0) })
    }

    /// `song-⟨songId⟩`.
    public var stream: String { MusicStreams.song(songId) }

    /// `songId`, `title`, and `artistId` and `durationSeconds` when there are.
    public var payload: [String: JSONValue] {
        var fields: [String: JSONValue] = ["songId": .string(songId), "title": .string(title)]
        if let artistId { fields["artistId"] = .string(artistId) }
        if let durationSeconds { fields["durationSeconds"] = .int(Int64(durationSeconds)) }
        return fields
    }
}

/// An existing song gets a new title.
public struct SongRetitled: DomainEvent, Equatable {
    /// `SongRetitled`.
    public static let typeName = "SongRetitled"

    /// The song's id.
    public let songId: String
    /// The new title.
    public let title: String

    /// A `SongRetitled` event.
    public init(songId: String, title: String) {
        self.songId = songId
        self.title = title
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["songId", "title"])
        try self.init(songId: reader.id("songId"), title: reader.name("title"))
    }

    /// `song-⟨songId⟩`.
    public var stream: String { MusicStreams.song(songId) }

    /// `songId` and `title`.
    public var payload: [String: JSONValue] { ["songId": .string(songId), "title": .string(title)] }
}

/// An existing song gets another artist, or none.
public struct SongReassigned: DomainEvent, Equatable {
    /// `SongReassigned`.
    public static let typeName = "SongReassigned"

    /// The song's id.
    public let songId: String
    /// The new artist, or nil for none.
    public let artistId: String?

    /// A `SongReassigned` event.
    public init(songId: String, artistId: String? = nil) {
        self.songId = songId
        self.artistId = artistId
    }

    /// Decodes and validates a payload; `artistId` absent or null means no artist.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["songId", "artistId"])
        try self.init(songId: reader.id("songId"), artistId: reader.optionalID("artistId"))
    }

    /// `song-⟨songId⟩`.
    public var stream: String { MusicStreams.song(songId) }

    /// `songId`, and `artistId` when there is one.
    public var payload: [String: JSONValue] {
        var fields: [String: JSONValue] = ["songId": .string(songId)]
        if let artistId { fields["artistId"] = .string(artistId) }
        return fields
    }
}

/// A song is deleted.
public struct SongDeleted: DomainEvent, Equatable {
    /// `SongDeleted`.
    public static let typeName = "SongDeleted"

    /// The song's id.
    public let songId: String

    /// A `SongDeleted` event.
    public init(songId: String) {
        self.songId = songId
    }

    /// Decodes and validates a payload.
    public init(payload: [String: JSONValue]) throws {
        let reader = try PayloadReader(payload, allowedFields: ["songId"])
        try self.init(songId: reader.id("songId"))
    }

    /// `song-⟨songId⟩`.
    public var stream: String { MusicStreams.song(songId) }

    /// `songId`.
    public var payload: [String: JSONValue] { ["songId": .string(songId)] }
}
