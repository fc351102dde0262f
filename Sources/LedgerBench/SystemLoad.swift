/// The machine's load, to note beside the results: other processes skew timings.
enum SystemLoad {
    /// The 1-, 5- and 15-minute load averages from /proc/loadavg, e.g. `1.54 1.85 1.71`.
    static var averages: String {
        guard let bytes = try? TextFile.read("/proc/loadavg") else { return "unknown" }
        return String(decoding: bytes, as: UTF8.self).split(separator: " ").prefix(3).joined(separator: " ")
    }
}
