import EventLedger
#if canImport(Glibc)
import Glibc
#endif

/// All results of a run, as a readable table and as JSON
/// (`{"mode", "results": [{"workload","case","metric","value","unit"}]}`).
struct BenchReport {
    let mode: String
    let results: [BenchResult]

    var table: String {
        let header = ["WORKLOAD", "CASE", "METRIC", "VALUE", "UNIT"]
        let rows = results.map { [$0.workload, $0.case, $0.metric, Self.formatted($0.value), $0.unit] }
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        return ([header] + rows).map { row in
            row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                if column == 3 { return padding + row[column] }
                return column == row.count - 1 ? row[column] : row[column] + padding
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }

    var json: JSONValue {
        .object([
            "mode": .string(mode),
            "results": .array(results.map { result in
                .object(["workload": .string(result.workload), "case": .string(result.case),
                         "metric": .string(result.metric), "value": .double(result.value), "unit": .string(result.unit)])
            }),
        ])
    }

    /// Writes `json` to `path`, creating its directory.
    func writeJSON(to path: String) throws {
        if let slash = path.lastIndex(of: "/") {
            _ = system("mkdir -p '\(path[..<slash])'")
        }
        guard let file = fopen(path, "w") else {
            throw LedgerError(.storage, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(file) }
        let bytes = json.serialized() + [UInt8(ascii: "\n")]
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else {
            throw LedgerError(.storage, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Three significant digits or whole numbers: `0.123`, `12.3`, `45678`.
    static func formatted(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        guard value.magnitude < 100 else { return String(Int(value.rounded())) }
        let decimals = value.magnitude < 1 ? 3 : value.magnitude < 10 ? 2 : 1
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let digits = String(scaled.magnitude)
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return (scaled < 0 ? "-" : "") + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }
}
