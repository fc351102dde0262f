import Foundation
import Testing

/// The throwaway PostgreSQL server `tools/test` starts for the shared-primary tests: its URL
/// is `$LEDGER_TEST_PRIMARY`. Without it (plain `swift test`) those tests are skipped.
enum TestPrimary {
    /// The server's URL (its `postgres` database), when there is one.
    static let url = ProcessInfo.processInfo.environment["LEDGER_TEST_PRIMARY"].flatMap { $0.isEmpty ? nil : $0 }

    /// Whether the tests have a server: the trait of every test that needs one.
    static let available = ConditionTrait.enabled(if: url != nil, "needs $LEDGER_TEST_PRIMARY (run tools/test)")

    /// `tools/primary`, found from this source file's location.
    static let tool = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("tools/primary").path

    /// The URL of a new, empty database of its own on the server: a primary for one test.
    static func freshDatabase(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let server = try #require(url, sourceLocation: sourceLocation)
        let name = "ledger_test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let created = try Programs.run("/usr/bin/psql", [server, "-q", "-c", "CREATE DATABASE \(name)"])
        #expect(created.status == 0, "psql: \(created.stderr)", sourceLocation: sourceLocation)
        return database(name, on: server)
    }

    /// The URL of database `name` on the server of `url` (`…/postgres`).
    static func database(_ name: String, on url: String) -> String {
        String(url[..<url.range(of: "/", options: .backwards)!.lowerBound]) + "/" + name
    }

    /// Runs `sql` on the database at `url` and returns its unaligned output (psql -At).
    static func query(_ url: String, _ sql: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try Programs.run("/usr/bin/psql", [url, "-At", "-c", sql])
        #expect(result.status == 0, "psql: \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
