import EventLedger

/// The music domain: artists and their songs, the rules they obey, and the
/// `artist-songs` read model with its queries `artists`, `artist-songs` and `songs`.
public struct MusicDomain: LedgerDomain {
    /// The music domain.
    public init() {}

    /// Version 2 keys every list by name or title on its case-folded form (`NameOrder.key`),
    /// the name or title itself in the row: a ledger whose read model version 1 built (lists
    /// by name as written) rebuilds it when next opened for writing. Version 3 stores each
    /// song's duration in its rows.
    public var readModelVersion: Int { 3 }

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
