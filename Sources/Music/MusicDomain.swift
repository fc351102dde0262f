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
    public let readModelVersion = 6
    /// Each event type, by the case of `MusicEvent` carrying it.
    public let events = [
        EventCase(MusicEvent.artistCreated), EventCase(MusicEvent.artistRenamed), EventCase(MusicEvent.artistDeleted),
        EventCase(MusicEvent.songAdded), EventCase(MusicEvent.songRetitled), EventCase(MusicEvent.songReassigned),
        EventCase(MusicEvent.songDeleted), EventCase(MusicEvent.artistRestored), EventCase(MusicEvent.songRestored),
    ]
    /// The tables of the `artist-songs` read model: artists before the songs that name them.
    public let tables: [any DeclaredTable] = [MusicTables.artists, MusicTables.songs]
    /// `artists`, `artist-songs ARTIST` and `songs [--orphans]`.
    public let queries = [MusicQueryDefinitions.artists, MusicQueryDefinitions.artistSongs, MusicQueryDefinitions.songs]
}
