/// Durations of repeated operations, in microseconds, with their percentiles.
struct Latencies {
    private(set) var microseconds: [Double] = []

    /// Runs `operation` and records how long it took.
    mutating func time<T>(_ operation: () throws -> T) rethrows -> T {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try operation()
        record(seconds: (clock.now - start).seconds)
        return result
    }

    /// Records a duration measured elsewhere.
    mutating func record(seconds: Double) {
        microseconds.append(seconds * 1_000_000)
    }

    /// How many durations were recorded.
    var count: Int { microseconds.count }

    /// Adds the durations `other` recorded.
    mutating func merge(_ other: Latencies) {
        microseconds += other.microseconds
    }

    /// The nearest-rank percentile `fraction` (0.5 for the median).
    func percentile(_ fraction: Double) -> Double {
        let sorted = microseconds.sorted()
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((fraction * Double(sorted.count)).rounded(.up))
        return sorted[min(sorted.count - 1, max(0, rank - 1))]
    }

    /// p50 and p99 rows for `workload` and `case`.
    func results(_ workload: String, _ case: String) -> [BenchResult] {
        [
            BenchResult(workload: workload, case: `case`, metric: "p50", value: percentile(0.5), unit: "µs"),
            BenchResult(workload: workload, case: `case`, metric: "p99", value: percentile(0.99), unit: "µs"),
        ]
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}
