import EventLedger

#if canImport(Glibc)
import Glibc
#endif

/// All results of a run, as a readable table, a Markdown table and JSON
/// (`{"mode", "loadAverage": {"start", "end"}, "results": [{"workload","case","metric","value","unit",
/// "target"?, "met"?}]}`).
struct BenchReport {
    let mode: String
    let results: [BenchResult]
    /// The 1-, 5- and 15-minute load averages when the run started and when it ended.
    let loadAtStart: String
    let loadAtEnd: String

    private static let header = ["WORKLOAD", "CASE", "METRIC", "VALUE", "UNIT", "TARGET"]

    private var rows: [[String]] {
        results.map { [$0.workload, $0.case, $0.metric, Self.formatted($0.value), $0.unit, $0.target?.label ?? ""] }
    }

    /// The results whose target was missed.
    var missed: [BenchResult] { results.filter { $0.target?.met == false } }

    /// One line on the run's conditions: mode and load averages.
    var conditions: String {
        "\(mode) run; load average (1, 5, 15 min) \(loadAtStart) at the start, \(loadAtEnd) at the end"
    }

    /// The plain-text table, columns padded, values right-aligned.
    var table: String {
        let all = [Self.header] + rows
        let widths = Self.header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                if column == 3 { return padding + row[column] }
                return column == row.count - 1 ? row[column] : row[column] + padding
            }.joined(separator: "  ").trimmingTrailingSpaces
        }.joined(separator: "\n")
    }

    /// A Markdown table of the results, then the conditions and the missed targets.
    var markdown: String {
        var lines = [
            "| " + Self.header.map { $0.lowercased() }.joined(separator: " | ") + " |",
            "|" + Self.header.indices.map { $0 == 3 ? "---:|" : "---|" }.joined(),
        ]
        lines += rows.map { row in "| " + row.map { $0.replacingPipes }.joined(separator: " | ") + " |" }
        lines += ["", "Conditions: \(conditions).", ""]
        if missed.isEmpty {
            lines.append("Every target was met.")
        } else {
            lines.append("Targets missed in this run:")
            lines += missed.map { "- \($0.workload), \($0.case): \($0.metric) = \(Self.formatted($0.value)) \($0.unit) (target \($0.target!.bound))" }
        }
        return lines.joined(separator: "\n")
    }

    var json: JSONValue {
        .object([
            "mode": .string(mode),
            "loadAverage": .object(["start": .string(loadAtStart), "end": .string(loadAtEnd)]),
            "results": .array(
                results.map { result in
                    var object: [String: JSONValue] = [
                        "workload": .string(result.workload), "case": .string(result.case), "metric": .string(result.metric),
                        "value": result.value.isFinite ? .double(result.value) : .null, "unit": .string(result.unit),
                    ]
                    if let target = result.target {
                        object["target"] = .string(target.bound)
                        object["met"] = .bool(target.met)
                    }
                    return .object(object)
                }),
        ])
    }

    /// Writes `json` to `path`, creating its directory.
    func writeJSON(to path: String) throws {
        if let slash = path.lastIndex(of: "/") {
            _ = system("mkdir -p '\(path[..<slash])'")
        }
        try TextFile.write(json.serialized() + [UInt8(ascii: "\n")], to: path)
    }

    /// Three significant digits or whole numbers, grouped by thousands: `0.123`, `12.3`, `45,678`.
    static func formatted(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        guard value.magnitude < 100 else { return grouped(Int(value.rounded())) }
        let decimals = value.magnitude < 1 ? 3 : value.magnitude < 10 ? 2 : 1
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((value * scale).rounded())
        let digits = String(scaled.magnitude)
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return (scaled < 0 ? "-" : "") + padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }

    /// `formatted` without trailing zeros, for bounds: `0.5`, `2`, `1,000,000`.
    static func compact(_ value: Double) -> String {
        let text = formatted(value)
        guard text.contains(".") else { return text }
        let trimmed = text.reversed().drop(while: { $0 == "0" }).drop(while: { $0 == "." })
        return String(trimmed.reversed())
    }

    private static func grouped(_ value: Int) -> String {
        let digits = Array(String(value.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return (value < 0 ? "-" : "") + text
    }
}

extension String {
    fileprivate var trimmingTrailingSpaces: String {
        String(reversed().drop(while: { $0 == " " }).reversed())
    }

    fileprivate var replacingPipes: String {
        split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
