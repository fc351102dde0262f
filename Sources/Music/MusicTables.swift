import EventLedger

/// The tables of the `artist-songs` read model.
///
/// Keys sort the way the queries list their rows, so every query is one lookup or one
/// prefix scan over exactly the rows it returns. A song's `artistId` field is empty
/// when it has no artist.
enum MusicTables {
    /// The read model's name, prefix of its tables.
    static let projection = "artist-songs"

    /// `artistId` → `[name, status]`: every artist created, deleted ones included.
    static let artists = table("artists")
    /// `(name order key, artistId)` → `[name, songCount]`: live artists, in the order of the `artists` query.
    static let artistsByName = table("artists-by-name")
    /// `songId` → `[title, artistId, status, durationSeconds]`: every song added, deleted ones included.
    static let songs = table("songs")
    /// `(title order key, songId)` → `[title, artistId, durationSeconds]`: live songs.
    static let songsByTitle = table("songs-by-title")
    /// `(artistId, title order key, songId)` → `[title, durationSeconds]`: live songs naming the artist, which is live or not yet known.
    static let artistSongs = table("artist-songs")
    /// `(title order key, songId)` → `[title, artistId, durationSeconds]`: live songs without a live artist.
    static let orphanSongs = table("orphan-songs")

    /// Every table of the read model.
    static let all = [artists, artistsByName, songs, songsByTitle, artistSongs, orphanSongs]

    /// The key of a live artist in `artistsByName`: names compare ignoring case, then ids.
    static func nameKey(_ name: String, _ artistId: String) -> StateKey {
        StateKey(NameOrder.key(name), artistId)
    }

    /// The key of a live song in `songsByTitle` and `orphanSongs`: titles compare ignoring case, then ids.
    static func titleKey(_ title: String, _ songId: String) -> StateKey {
        StateKey(NameOrder.key(title), songId)
    }

    /// The key of a live song in `artistSongs`: the artist's songs by title ignoring case, then id.
    static func artistSongKey(_ artistId: String, _ title: String, _ songId: String) -> StateKey {
        StateKey(artistId, NameOrder.key(title), songId)
    }

    /// The song count stored in an `artistsByName` row.
    static func songCount(_ row: StateRow?) throws -> Int {
        guard let row, row.count == 2, let count = Int(row[1]) else { throw malformedRow(in: artistsByName) }
        return count
    }

    /// An optional artist reference as stored in a row field (empty for none).
    static func artistField(_ artistId: String?) -> String { artistId ?? "" }

    /// The row field of an optional duration: its seconds, or empty for none.
    static func durationField(_ durationSeconds: Int?) -> String { durationSeconds.map(String.init) ?? "" }

    /// The optional duration of a row field.
    static func duration(_ field: String) -> Int? { Int(field) }

    /// The optional artist reference of a row field.
    static func artistReference(_ field: String) -> String? { field.isEmpty ? nil : field }

    /// The error for a row that does not have the shape its table stores.
    static func malformedRow(in table: ProjectionTable) -> LedgerError {
        LedgerError(.corruption, "malformed row in read-model table \(table.name)")
    }

    private static func table(_ name: String) -> ProjectionTable {
        ProjectionTable(projection: projection, table: name)
    }
}
