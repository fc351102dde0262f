import LedgerWorkload
import Music

/// `artist-songs` of a 50-song artist on the current read models, in process: through the
/// named query (JSON answer) and through the typed `MusicQueries`. The artist is appended,
/// as one commit, to the largest ledger. Target: p50 at most 50 µs.
struct CurrentStateQueryWorkload: Workload {
    let name = "(g) current-state query"
    let maximumMicroseconds = 50.0
    let artistId = "bench-artist"
    let songs = 50
    let queries = 10_000
    let warmUpQueries = 500

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let size = context.sizes.last else { return [] }
        let ledger = try context.generatedLedger(events: size).ledger
        try ledger.append(WorkloadGenerator.artistWithSongs(artistId, count: songs))
        let label = "\(BenchContext.label(size)) events, \(songs)-song artist"

        let query = { try ledger.query("artist-songs", .init(argument: artistId)) }
        let read = { try ledger.read { try MusicQueries.artistSongs(artistId, in: $0) } }
        var named = Latencies()
        var typed = Latencies()
        for index in 0..<(warmUpQueries + queries) {
            if index < warmUpQueries {
                _ = try query()
                _ = try read()
            } else {
                _ = try named.time(query)
                _ = try typed.time(read)
            }
        }
        return [named.results(name, "\(label), query"), typed.results(name, "\(label), typed read")].flatMap { rows in
            var rows = rows
            rows[0].target = .atMost(maximumMicroseconds, rows[0].value)
            return rows
        }
    }
}
