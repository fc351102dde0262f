import EventLedger
import LedgerWorkload
import Music

/// `artist-songs` of a 50-song artist on the current read models, in process: through the
/// named query (JSON answer) and through the typed `MusicQueries`. The artist is appended,
/// as one commit, to the largest ledger. Target: p50 at most 50 µs.
struct CurrentStateQueryWorkload: Workload {
    let name = "(g) current-state query"
    let maximumMicroseconds = 50.0
    static let artistId = "bench-artist"
    static let songs = 50
    static let queries = 10_000
    static let warmUpQueries = 500

    /// The latencies of `queries` named `artist-songs` queries of the artist, after
    /// `warmUpQueries`, each up to its JSON form, the answer `ledger query --json` prints.
    static func queryLatencies(_ ledger: Ledger) throws -> Latencies {
        var latencies = Latencies()
        let answer = { try ledger.query("artist-songs", .init(argument: artistId)).json }
        for index in 0..<(warmUpQueries + queries) {
            if index < warmUpQueries { _ = try answer() } else { _ = try latencies.time(answer) }
        }
        return latencies
    }

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let size = context.sizes.last else { return [] }
        let ledger = try context.generatedLedger(events: size).ledger
        try ledger.append(WorkloadGenerator.artistWithSongs(Self.artistId, count: Self.songs))
        let label = "\(BenchContext.label(size)) events, \(Self.songs)-song artist"
        let named = try Self.queryLatencies(ledger)
        var typed = Latencies()
        let read = { try ledger.read { try MusicQueries.artistSongs(Self.artistId, in: $0) } }
        for index in 0..<(Self.warmUpQueries + Self.queries) {
            if index < Self.warmUpQueries { _ = try read() } else { _ = try typed.time(read) }
        }
        return [named.results(name, "\(label), query"), typed.results(name, "\(label), typed read")].flatMap { rows in
            var rows = rows
            rows[0].target = .atMost(maximumMicroseconds, rows[0].value)
            return rows
        }
    }
}
