import EventLedger

/// The favourites domain: dishes favourited and unfavourited, at most once at a
/// time, and the `favorites` read model with its query `favorites`.
public struct FavoritesDomain: LedgerDomain {
    /// The favourites domain.
    public init() {}
    /// Version 3 keeps the favourite rows, ordered by a declared index in place of the
    /// hand-kept table by position, and the position of the latest favourite added, which a
    /// restored favourite's must not be after (version 2 stored keys and rows in the ledger's
    /// typed binary form).
    public let readModelVersion = 3
    /// Each event type, by the case of `FavoritesEvent` carrying it.
    public let events = [EventCase(FavoritesEvent.added), EventCase(FavoritesEvent.removed), EventCase(FavoritesEvent.restored)]
    /// The tables of the `favorites` read model: the favourites and the position of the latest one added.
    public let tables: [any DeclaredTable] = [FavoritesTables.favorites, FavoritesTables.latestAdded]
    /// `favorites`.
    public let queries = [FavoritesQueryDefinitions.favorites]
}
