import EventLedger

/// The music domain: artists and their songs, the rules they obey, and the
/// `artist-songs` read model with its queries `artists`, `artist-songs` and `songs`.
public struct MusicDomain: LedgerDomain {
    /// The music domain.
    public init() {}

    /// `artist-songs`.
    public var projectionName: String { MusicTables.projection }

    /// The artist and song events.
    public var eventTypes: [any DomainEvent.Type] {
        [ArtistCreated.self, ArtistRenamed.self, ArtistDeleted.self,
         SongAdded.self, SongRetitled.self, SongReassigned.self, SongDeleted.self]
    }

    /// The tables of the `artist-songs` read model.
    public var tables: [ProjectionTable] { MusicTables.all }

    /// `artists`, `artist-songs ARTIST` and `songs [--orphans]`.
    public var queries: [QueryDefinition] { MusicQueryDefinitions.all }
}
