import Foundation
import Testing

extension LedgerSandbox {
    /// `ledger session begin [--name NAME]`: the id it prints alone on one line.
    package func beginSession(name: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try ok(["session", "begin"] + (name.map { ["--name", $0] } ?? []), sourceLocation: sourceLocation)
        let id = String(result.stdout.dropLast())
        #expect(
            result.stdout.hasSuffix("\n") && !id.isEmpty && !id.contains("\n") && !id.contains(" "),
            "session begin should print the id alone: \(result.stdout.debugDescription)", sourceLocation: sourceLocation)
        return id
    }

    /// `ledger session add ID TYPE JSON`, required to succeed.
    package func stage(_ session: String, _ type: String, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try ok(["session", "add", session, type, json], sourceLocation: sourceLocation)
    }

    /// `ledger session show ID --json`.
    package func showSession(_ session: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try object(["session", "show", session], sourceLocation: sourceLocation)
    }

    /// The types of the events staged in `session`, in order.
    package func stagedTypes(_ session: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try #require(
            try showSession(session, sourceLocation: sourceLocation).objects("events"),
            sourceLocation: sourceLocation
        ).compactMap { $0.string("type") }
    }

    /// The ids listed by `ledger session list --json`.
    package func sessionIDs(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        try array(["session", "list"], sourceLocation: sourceLocation).compactMap { $0.string("session") }
    }

    /// The raw stdout of a successful `--json` command, for before/after comparisons.
    package func rawJSON(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        try ok(arguments + ["--json"], sourceLocation: sourceLocation).stdout
    }

    /// `ledger stats --json` without the file size, which may grow with sessions stored in the file.
    package func countingStats(sourceLocation: SourceLocation = #_sourceLocation) throws -> NSDictionary {
        var stats = try self.stats(sourceLocation: sourceLocation)
        stats.removeValue(forKey: "fileSize")
        return stats as NSDictionary
    }
}
