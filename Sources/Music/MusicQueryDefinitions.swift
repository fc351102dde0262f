import EventLedger

/// The `ledger query` forms of `MusicQueries`: JSON (`--json`) and readable tables.
enum MusicQueryDefinitions {
    static let artists = QueryDefinition(
        name: "artists", summary: "live artists with their song counts, by name"
    ) { _, readModel in
        try QueryResult(rows: MusicQueries.artists(in: readModel), columns: [QueryColumn("songCount", heading: "SONGS")])
    }

    static let artistSongs = QueryDefinition(
        name: "artist-songs", argumentName: "ARTIST", summary: "an artist and its songs, by title"
    ) { artistId, _, readModel in
        let artist = try MusicQueries.artistSongs(artistId, in: readModel)
        return try QueryResult(artist, rows: \.songs, title: "\(artist.name) (\(artist.artistId))", columns: [seconds])
    }

    static let songs = QueryDefinition(
        name: "songs", flags: ["orphans"], summary: "songs by title; --orphans: those without a live artist"
    ) { input, readModel in
        try QueryResult(
            rows: MusicQueries.songs(orphansOnly: input.flags.contains("orphans"), in: readModel),
            columns: [QueryColumn("artistId", format: .text(ifNil: "-")), seconds])
    }

    /// A song's duration in a table: its seconds, or `-` when not known.
    private static let seconds = QueryColumn("durationSeconds", heading: "SECONDS", format: .text(ifNil: "-"))
}
