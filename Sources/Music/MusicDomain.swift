import EventLedger

/// The music domain: artists and their songs, the rules they obey, and the
/// `artist-songs` read model with its queries `artists`, `artist-songs` and `songs`.
public struct MusicDomain: LedgerDomain {
    /// The music domain.
    public init() {}

    /// Version 2 keys every list by name or title on its case-folded form (`NameOrder.key`),
    /// the name or title itself in the row: a ledger whose read model version 1 built (lists
    /// by name as written) rebuilds it when next opened for writing. Version 3 stores each
    /// song's duration in its rows. Version 4 stores keys and rows in the ledger's typed
    /// binary form. Version 5 links an artist's deletion to the songs it takes the artist from.
    /// Version 6 keeps only the artists' and songs' rows, listed by declared indexes (by name,
    /// by title, by artist), and counts an artist's songs when queried.
    public var readModelVersion: Int { 6 }

    /// `artist-songs`.
    public var readModelName: String { MusicTables.readModel }

    /// The artist and song events.
    public var events: [EventCase<MusicEvent>] { MusicEvent.cases }

    /// The tables of the `artist-songs` read model.
    public var tables: [any DeclaredTable] { MusicTables.all }

    /// `artists`, `artist-songs ARTIST` and `songs [--orphans]`.
    public var queries: [QueryDefinition] { MusicQueryDefinitions.all }
}
