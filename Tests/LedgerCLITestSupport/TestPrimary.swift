import Foundation
import Testing

/// The throwaway PostgreSQL server `tools/test` starts for the shared-primary tests: its URL
/// is `$LEDGER_TEST_PRIMARY`. Without it (plain `swift test`) those tests are skipped.
package enum TestPrimary {
    /// The server's URL (its `postgres` database), when there is one.
    package static let url = ProcessInfo.processInfo.environment["LEDGER_TEST_PRIMARY"].flatMap { $0.isEmpty ? nil : $0 }

    /// Whether the tests have a server: the trait of every test that needs one.
    package static let available = ConditionTrait.enabled(if: url != nil, "needs $LEDGER_TEST_PRIMARY (run tools/test)")

    /// `tools/primary`, found from this source file's location.
    package static let tool = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/primary").path

    /// The URL of a new, empty database of its own on the server: a primary for one test.
    package static func freshDatabase(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let server = try #require(url, sourceLocation: sourceLocation)
        let name = "ledger_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let created = try Programs.run("/usr/bin/psql", [server, "-q", "-c", "CREATE DATABASE \(name)"])
        #expect(created.status == 0, "psql: \(created.stderr)", sourceLocation: sourceLocation)
        return database(name, on: server)
    }

    /// The URL of database `name` on the server of `url` (`…/postgres`).
    package static func database(_ name: String, on url: String) -> String {
        String(url[..<url.range(of: "/", options: .backwards)!.lowerBound]) + "/" + name
    }

    /// Runs `tools/primary COMMAND DIR` (start, stop) for a server of a test's own, without a
    /// fsync (a throwaway cluster), and returns what it printed (start: the URL). It is
    /// spawned with no signal blocked and none of the tests' descriptors: the server it
    /// starts inherits both, and must obey `stop`'s signal and hold no pipe of the tests.
    /// `environment` is added to the server's.
    @discardableResult
    package static func control(
        _ command: String, _ directory: String, environment extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let output = directory + ".\(command).out"
        let file = open(output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(file >= 0, "cannot create \(output)", sourceLocation: sourceLocation)
        defer { close(file) }
        let environment = extra.merging(["LEDGER_PRIMARY_FAST": "1"]) { _, fast in fast }
        let process = try SpawnedProcess(tool, [command, directory], in: "/", output: file, errors: file, environment: environment)
        let end = process.reap()
        let text = try String(contentsOfFile: output, encoding: .utf8)
        try #require(end == .exited(0), "tools/primary \(command): \(text)", sourceLocation: sourceLocation)
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `sql` on the database at `url` and returns its unaligned output (psql -At).
    @discardableResult
    package static func query(_ url: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try Programs.run("/usr/bin/psql", [url, "-At", "-c", sql])
        #expect(result.status == 0, "psql: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
