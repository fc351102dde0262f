import Foundation
import Testing

/// The seven queries (nine with their flags) as `ledger query` arguments.
package enum ReadModelQueries {
    /// Every query, asking `artist-songs` about `artist` and `category-animals` about `category`.
    package static func all(artist: String, category: String) -> [[String]] {
        [
            ["artists"], ["artist-songs", artist], ["songs"], ["songs", "--orphans"], ["categories"],
            ["category-animals", category], ["animals"], ["animals", "--uncategorized"], ["favorites"],
        ]
    }
}

extension LedgerSandbox {
    /// The answer of each query with `--json` and `options` (e.g. `--as-of 3`): its exit
    /// status and standard output. `ledger` names another ledger file than the sandbox's.
    package func answers(_ queries: [[String]], _ options: [String] = [], ledger: String? = nil) throws -> [String] {
        try queries.map { query in
            let arguments = ["query"] + query + options + ["--json"] + ["--ledger", ledger ?? ledgerPath]
            let result = try run(arguments, useLedgerOption: false)
            return "exit \(result.status): \(result.stdout)"
        }
    }

    /// Appends the NDJSON `lines` as one commit (`append --batch -`).
    @discardableResult
    package func commit(_ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> RunResult {
        try ok(["append", "--batch", "-"], input: lines.joined(separator: "\n") + "\n", sourceLocation: sourceLocation)
    }

    /// The commits of the log in order: number, recordedAt as printed and last position.
    package func commits(sourceLocation: SourceLocation = #_sourceLocation) throws -> [(commit: Int, recordedAt: String, last: Int)] {
        var commits: [(commit: Int, recordedAt: String, last: Int)] = []
        for event in try log(sourceLocation: sourceLocation) {
            let commit = try #require(event.int("commit"), sourceLocation: sourceLocation)
            let position = try #require(event.int("position"), sourceLocation: sourceLocation)
            if commits.last?.commit == commit {
                commits[commits.count - 1].last = position
            } else {
                commits.append((commit, try #require(event.string("recordedAt"), sourceLocation: sourceLocation), position))
            }
        }
        return commits
    }
}

/// A UTC instant with microsecond precision, read from the `recordedAt` of an envelope
/// (`2026-11-29T23:10:00.123456Z`) and written as ISO-8601 in any offset.
package struct Instant: Comparable, CustomStringConvertible {
    /// Microseconds since 1970-01-01T00:00:00Z.
    package let microseconds: Int64

    package init(microseconds: Int64) {
        self.microseconds = microseconds
    }

    /// Parses exactly `YYYY-MM-DDTHH:MM:SS.ffffffZ`.
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 27, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
            bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "."),
            bytes[26] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? { Int(String(decoding: bytes[from..<(from + count)], as: UTF8.self)) }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
            let minute = number(14, 2), let second = number(17, 2), let fraction = number(20, 6),
            let date = Self.calendar(offsetSeconds: 0).date(
                from: DateComponents(
                    year: year, month: month, day: day, hour: hour, minute: minute, second: second))
        else { return nil }
        microseconds = Int64(date.timeIntervalSince1970) * 1_000_000 + Int64(fraction)
    }

    package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.microseconds < rhs.microseconds }

    /// This instant moved by `delta` microseconds.
    package func adding(microseconds delta: Int64) -> Instant { Instant(microseconds: microseconds + delta) }

    /// ISO-8601 text of this instant in the offset `offsetMinutes` from UTC (`Z` for 0 unless
    /// `numericUTC`), with `fractionDigits` digits of fraction: 0 (whole seconds, the
    /// instant rounded down), 3 (milliseconds, rounded down), 6, or 9 (nanoseconds).
    package func iso(offsetMinutes: Int = 0, fractionDigits: Int = 6, numericUTC: Bool = false) -> String {
        var seconds = microseconds / 1_000_000
        var micros = microseconds % 1_000_000
        if micros < 0 {
            seconds -= 1
            micros += 1_000_000
        }
        let parts = Self.calendar(offsetSeconds: offsetMinutes * 60).dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        func pad(_ value: Int?, _ width: Int) -> String {
            let digits = String(value ?? 0)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        var text =
            "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T"
            + "\(pad(parts.hour, 2)):\(pad(parts.minute, 2)):\(pad(parts.second, 2))"
        switch fractionDigits {
        case 0: break
        case 3: text += "." + pad(Int(micros / 1000), 3)
        case 6: text += "." + pad(Int(micros), 6)
        case 9: text += "." + pad(Int(micros), 6) + "000"
        default: preconditionFailure("fraction digits: 0, 3, 6 or 9")
        }
        if offsetMinutes == 0 && !numericUTC { return text + "Z" }
        let sign = offsetMinutes < 0 ? "-" : "+"
        return text + sign + pad(abs(offsetMinutes) / 60, 2) + ":" + pad(abs(offsetMinutes) % 60, 2)
    }

    /// The same instant, rounded down to what `iso(fractionDigits:)` keeps.
    package func truncated(toFractionDigits digits: Int) -> Instant {
        let unit: Int64 = digits == 0 ? 1_000_000 : digits == 3 ? 1000 : 1
        let floor = microseconds >= 0 ? microseconds / unit * unit : ((microseconds - unit + 1) / unit) * unit
        return Instant(microseconds: floor)
    }

    package var description: String { iso() }

    private static func calendar(offsetSeconds: Int) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offsetSeconds)!
        return calendar
    }
}
