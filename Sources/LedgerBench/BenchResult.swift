/// One measured number: e.g. workload `(f) as-of query`, case `1M events`, metric `p50`,
/// value 12.5, unit `µs`, and the target it is held to, if any.
struct BenchResult {
    let workload: String
    let `case`: String
    let metric: String
    let value: Double
    let unit: String
    var target: Target? = nil
}

/// A bound a result must meet, e.g. `≥ 0.5` or `≤ 1000`, and whether it did.
struct Target {
    /// The bound as shown: `≥ 0.5`.
    let bound: String
    let met: Bool

    /// `value` must be at least `minimum`.
    static func atLeast(_ minimum: Double, _ value: Double) -> Target {
        Target(bound: "≥ \(BenchReport.compact(minimum))", met: value >= minimum)
    }

    /// `value` must be at most `maximum`.
    static func atMost(_ maximum: Double, _ value: Double) -> Target {
        Target(bound: "≤ \(BenchReport.compact(maximum))", met: value <= maximum)
    }

    /// `≥ 0.5 ✓`.
    var label: String { "\(bound) \(met ? "✓" : "✗")" }
}

extension BenchResult {
    /// The row `value / baseline` (metric `× ⟨baseline name⟩`), held to `target` when given.
    static func ratio(
        _ workload: String, _ case: String, _ value: Double, to baseline: Double, of baselineName: String,
        atLeast minimum: Double? = nil, atMost maximum: Double? = nil
    ) -> BenchResult {
        let ratio = value / baseline
        let target = minimum.map { Target.atLeast($0, ratio) } ?? maximum.map { Target.atMost($0, ratio) }
        return BenchResult(
            workload: workload, case: `case`, metric: "× \(baselineName)", value: ratio, unit: "x",
            target: target)
    }
}
