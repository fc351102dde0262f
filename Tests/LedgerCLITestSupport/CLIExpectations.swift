import Foundation
import Testing

/// The seed files of the package (`seeds/*.ndjson`).
package enum Seeds {
    /// The package's `seeds` directory, found from this source file's location.
    package static let directory: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // LedgerCLITestSupport
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
        .appendingPathComponent("seeds")

    /// The path of one seed file, e.g. `music.ndjson`.
    package static func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// The seed files in the order `loadSeeds` appends them.
    package static let files = ["animals.ndjson", "favorites.ndjson", "music.ndjson"]

    /// Events in each seed file (animals 1–47, favorites 48–55, music 56–84).
    package static let eventCount = 84
}

extension LedgerSandbox {
    /// Runs a command that must succeed; records an issue with its stderr otherwise.
    @discardableResult
    package func ok(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> RunResult {
        let result = try run(arguments, input: input, environment: environment)
        #expect(
            result.status == 0, "ledger \(arguments.joined(separator: " ")) failed: \(result.stderr)",
            sourceLocation: sourceLocation)
        return result
    }

    /// Appends every seed file, each as one batch (three commits, 84 events).
    package func loadSeeds(sourceLocation: SourceLocation = #_sourceLocation) throws {
        for file in Seeds.files {
            try ok(["append", "--batch", Seeds.path(file)], sourceLocation: sourceLocation)
        }
    }

    /// Runs a command with `--json` that must succeed and parses its output as one JSON value.
    package func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> Any {
        let result = try ok(arguments + ["--json"], sourceLocation: sourceLocation)
        return try LedgerSandbox.json(result.stdout)
    }

    /// A `--json` command whose output is one JSON object.
    package func object(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try #require(try json(arguments, sourceLocation: sourceLocation) as? [String: Any], sourceLocation: sourceLocation)
    }

    /// A `--json` command whose output is one JSON array of objects.
    package func array(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try #require(try json(arguments, sourceLocation: sourceLocation) as? [[String: Any]], sourceLocation: sourceLocation)
    }

    /// A `--json` command whose output is NDJSON: one object per line.
    package func ndjson(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let result = try ok(arguments + ["--json"], sourceLocation: sourceLocation)
        return try result.lines.map { line in
            try #require(try LedgerSandbox.json(line) as? [String: Any], sourceLocation: sourceLocation)
        }
    }

    /// The envelopes of the whole log (`ledger log --json`).
    package func log(_ options: [String] = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        try ndjson(["log"] + options, sourceLocation: sourceLocation)
    }

    /// `ledger stats --json`.
    package func stats(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try object(["stats"], sourceLocation: sourceLocation)
    }

    /// The number of events in the log, 0 when there is no ledger file.
    package func eventCount(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int {
        FileManager.default.fileExists(atPath: ledgerPath) ? try log(sourceLocation: sourceLocation).count : 0
    }

    /// Whether a file exists at `name` inside the sandbox.
    package func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }
}

/// Checks a failed run: the exit code, empty stdout, and stderr being exactly one line
/// `ledger: error: …` that mentions every entry of `mentions` (case-insensitively; an entry
/// `a|b` is satisfied by either alternative).
package func expectFailure(
    _ result: RunResult, exit code: Int32, mentions: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(
        result.status == code, "exit \(result.status), expected \(code); stderr: \(result.stderr)",
        sourceLocation: sourceLocation)
    #expect(
        result.stdout.isEmpty, "stdout should be empty on error, got: \(result.stdout)",
        sourceLocation: sourceLocation)
    expectOneErrorLine(result.stderr, sourceLocation: sourceLocation)
    let text = result.stderr.lowercased()
    for entry in mentions {
        let alternatives = entry.split(separator: "|").map { $0.lowercased() }
        #expect(
            alternatives.contains { text.contains($0) },
            "stderr should mention \"\(entry)\": \(result.stderr)", sourceLocation: sourceLocation)
    }
}

/// Checks that `stderr` is exactly one line starting with `ledger: error: `, of a length a
/// terminal can show however much input the error echoes.
package func expectOneErrorLine(_ stderr: String, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(stderr.hasPrefix("ledger: error: "), "stderr: \(stderr.prefix(300))", sourceLocation: sourceLocation)
    #expect(
        stderr.hasSuffix("\n") && !stderr.dropLast().contains("\n"),
        "stderr should be exactly one line: \(stderr.prefix(300))", sourceLocation: sourceLocation)
    #expect(
        stderr.unicodeScalars.count <= 2_100, "stderr has \(stderr.unicodeScalars.count) characters: \(stderr.prefix(300))",
        sourceLocation: sourceLocation)
}

/// Field access on parsed JSON, for brevity in expectations.
extension Dictionary where Key == String, Value == Any {
    package func string(_ key: String) -> String? { self[key] as? String }
    package func int(_ key: String) -> Int? { (self[key] as? Int) ?? (self[key] as? NSNumber)?.intValue }
    package func ints(_ key: String) -> [Int]? {
        (self[key] as? [Any])?.map { ($0 as? Int) ?? ($0 as? NSNumber)?.intValue ?? Int.min }
    }
    package func objects(_ key: String) -> [[String: Any]]? { self[key] as? [[String: Any]] }
    package func isNull(_ key: String) -> Bool { self[key] is NSNull }
    package var keySet: Set<String> { Set(keys) }
}
