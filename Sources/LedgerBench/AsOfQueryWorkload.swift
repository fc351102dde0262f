import EventLedger
import LedgerWorkload

/// `artist-songs` of an artist live at a past position, read as of that position, on
/// ledgers of every size: the latency should not grow with the log. Two cases per
/// size: random positions of the whole log, and the same queries at positions within the
/// smallest ledger on every size, which isolates what the log's growth after a position
/// costs a read at it. Targets (random positions, as docs/benchmarks.md states them): p50 at
/// most 1 ms on the largest ledger, and at most 2× the smallest ledger's; the second case
/// is reported without one.
struct AsOfQueryWorkload: Workload {
    /// A query to time: the position to read as of, and an artist live there.
    typealias Draw = (position: UInt64, artistId: String)

    let name = "(f) as-of query"
    let maximumMicroseconds = 1_000.0
    let maximumGrowth = 2.0
    let queries = 2_000
    let warmUpQueries = 200

    func run(in context: BenchContext) throws -> [BenchResult] {
        guard let smallest = context.sizes.first, let largest = context.sizes.last else { return [] }
        let randomCase = "random position"
        let sameCase = "same queries, positions ≤ \(BenchContext.label(smallest))"
        var sameQueries: [Draw] = []
        var medians: [String: [Double]] = [:]
        var results: [BenchResult] = []
        for size in context.sizes {
            let generated = try context.generatedLedger(events: size)
            if sameQueries.isEmpty { sameQueries = draws(generated.artists, upTo: smallest, seed: 0) }
            let cases: [(String, [Draw])] = [
                (randomCase, draws(generated.artists, upTo: size, seed: UInt64(size))),
                (sameCase, sameQueries),
            ]
            for (label, draws) in cases {
                let latencies = try measure(generated.ledger, draws)
                var rows = latencies.results(name, "\(BenchContext.label(size)) events, \(label)")
                if size == largest, label == randomCase { rows[0].target = .atMost(maximumMicroseconds, rows[0].value) }
                results += rows
                medians[label, default: []].append(latencies.percentile(0.5))
            }
        }
        for label in [randomCase, sameCase] {
            guard let first = medians[label]?.first, let last = medians[label]?.last else { continue }
            results.append(
                BenchResult(
                    workload: name, case: "\(BenchContext.label(largest)) / \(BenchContext.label(smallest)), \(label)",
                    metric: "p50 ratio", value: last / first, unit: "x",
                    target: label == randomCase ? .atMost(maximumGrowth, last / first) : nil))
        }
        return results
    }

    /// Times `artist-songs` of each artist as of its position, after an untimed warm-up.
    private func measure(_ ledger: Ledger, _ draws: [Draw]) throws -> Latencies {
        var latencies = Latencies()
        for (index, draw) in (draws.prefix(warmUpQueries) + draws).enumerated() {
            let query = { try ledger.query("artist-songs", .init(argument: draw.artistId), asOf: .position(draw.position)) }
            if index < warmUpQueries { _ = try query() } else { _ = try latencies.time(query) }
        }
        return latencies
    }

    /// `queries` random positions up to `limit`, each with an artist live there.
    private func draws(_ artists: ArtistLifetimes, upTo limit: Int, seed: UInt64) -> [Draw] {
        var random = SplitMix64(seed: seed)
        var draws: [Draw] = []
        while draws.count < queries {
            let position = UInt64.random(in: 1...UInt64(limit), using: &random)
            if let artistId = artists.liveArtist(at: position, using: &random) { draws.append((position, artistId)) }
        }
        return draws
    }
}
