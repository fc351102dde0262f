/// One measured number: e.g. workload `as-of query`, case `1M events`, metric `p50`, value 12.5, unit `µs`.
struct BenchResult {
    let workload: String
    let `case`: String
    let metric: String
    let value: Double
    let unit: String
}
