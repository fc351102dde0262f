import EventLedger

/// The `ledger query` forms of `MusicQueries`: JSON (`--json`) and readable tables.
enum MusicQueryDefinitions {
    static let all = [artists, artistSongs, songs]

    static let artists = QueryDefinition(
        name: "artists", summary: "live artists with their song counts, by name"
    ) { _, readModel in
        let artists = try MusicQueries.artists(in: readModel)
        return QueryResult(
            json: .array(
                artists.map { artist in
                    .object([
                        "artistId": .string(artist.artistId), "name": .string(artist.name),
                        "songCount": .int(Int64(artist.songCount)),
                    ])
                }),
            columns: ["ARTIST ID", "NAME", "SONGS"],
            rows: artists.map { [$0.artistId, $0.name, String($0.songCount)] })
    }

    static let artistSongs = QueryDefinition(
        name: "artist-songs", argumentName: "ARTIST", summary: "an artist and its songs, by title"
    ) { input, readModel in
        guard let artistId = input.argument else {
            throw LedgerError(.invalidInput, "artist-songs needs an ARTIST id")
        }
        let artist = try MusicQueries.artistSongs(artistId, in: readModel)
        let songs = JSONValue.array(
            artist.songs.map { song in
                .object([
                    "songId": .string(song.songId), "title": .string(song.title),
                    "durationSeconds": durationJSON(song.durationSeconds),
                ])
            })
        return QueryResult(
            json: .object(["artistId": .string(artist.artistId), "name": .string(artist.name), "songs": songs]),
            title: "\(artist.name) (\(artist.artistId))",
            columns: ["SONG ID", "TITLE", "SECONDS"],
            rows: artist.songs.map { [$0.songId, $0.title, durationText($0.durationSeconds)] })
    }

    static let songs = QueryDefinition(
        name: "songs", flags: ["orphans"], summary: "songs by title; --orphans: those without a live artist"
    ) { input, readModel in
        let songs = try MusicQueries.songs(orphansOnly: input.flags.contains("orphans"), in: readModel)
        return QueryResult(
            json: .array(
                songs.map { song in
                    .object([
                        "songId": .string(song.songId), "title": .string(song.title),
                        "artistId": song.artistId.map(JSONValue.string) ?? .null,
                        "durationSeconds": durationJSON(song.durationSeconds),
                    ])
                }),
            columns: ["SONG ID", "TITLE", "ARTIST ID", "SECONDS"],
            rows: songs.map { [$0.songId, $0.title, $0.artistId ?? "-", durationText($0.durationSeconds)] })
    }

    /// A song's duration in JSON: its seconds, or null when not known.
    private static func durationJSON(_ durationSeconds: Int?) -> JSONValue {
        durationSeconds.map { .int(Int64($0)) } ?? .null
    }

    /// A song's duration in a table: its seconds, or `-` when not known.
    private static func durationText(_ durationSeconds: Int?) -> String {
        durationSeconds.map(String.init) ?? "-"
    }
}
