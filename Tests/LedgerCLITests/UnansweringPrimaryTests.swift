import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A PostgreSQL primary that does not answer in time: a postmaster that was stopped
/// (SIGSTOP), a table locked by another session, the primary's write lock held by another
/// session. A write gives up within `--primary-timeout` or `--wait`, exits 5 naming what
/// did not answer, writes nothing, and leaves no session of its own waiting on the primary;
/// a watch whose session stopped answering follows the primary on a new one.
@Suite(TestPrimary.available) struct UnansweringPrimaryTests {
    /// A write of one event with a fixed id, through `primary`.
    static func append(_ artist: String, through primary: String) -> [String] {
        ["append", "ArtistCreated", #"{"artistId":"\#(artist)","name":"\#(artist)"}"#, "--primary", primary]
    }

    @Test(.processTestLimit)
    func aStoppedPostmasterIsGivenUpOnAndTheWriteGoesThroughOnceItRunsAgain() throws {
        let sandbox = try LedgerSandbox()
        let cluster = sandbox.path("primary")
        let primary = try TestPrimary.control("start", cluster)
        defer { _ = try? TestPrimary.control("stop", cluster) }
        try sandbox.ok(Self.append("a", through: primary))
        let pidFile = try String(contentsOfFile: cluster + "/data/postmaster.pid", encoding: .utf8)
        let postmaster = try #require(pidFile.split(separator: "\n").first.flatMap { pid_t($0) })
        try #require(kill(postmaster, SIGSTOP) == 0)
        defer { kill(postmaster, SIGCONT) }

        let runner = LedgerRunner(sandbox)
        let server = String(primary.dropFirst("postgresql://ledger@".count).prefix { $0 != "/" })
        expectGaveUp(
            try runner.run(Self.append("b", through: primary) + ["--primary-timeout", "1"]),
            mentions: ["primary unreachable: \(server) did not answer within 1 s (connecting)"])
        expectGaveUp(
            try runner.run(["sync", "--primary", primary, "--primary-timeout", "1"]),
            mentions: ["primary unreachable: \(server) did not answer within 1 s (connecting)"])
        #expect(try sandbox.log().count == 1, "nothing was written")

        kill(postmaster, SIGCONT)
        try sandbox.ok(Self.append("b", through: primary))
        #expect(try sandbox.log().count == 2)
    }

    @Test(.processTestLimit)
    func aStatementStuckBehindALockedTableIsGivenUpOnAndItsSessionEnds() async throws {
        let primary = try TestPrimary.freshDatabase()
        let sandbox = try LedgerSandbox()
        try sandbox.ok(Self.append("a", through: primary))
        let holder = try LockHoldingSession(primary, "BEGIN; LOCK TABLE ledger_events IN ACCESS EXCLUSIVE MODE; SELECT pg_sleep(600)")
        defer { holder.end() }
        #expect(try await eventually { try holder.holds("relation = 'ledger_events'::regclass AND mode = 'AccessExclusiveLock'") })

        let result = try LedgerRunner(sandbox).run(Self.append("b", through: primary) + ["--primary-timeout", "1"])
        expectGaveUp(result, mentions: ["primary unreachable: 127.0.0.1:", "did not answer within 1 s (running SELECT"])
        #expect(try sandbox.log().count == 1, "nothing was written")
        let waiting = "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
        #expect(
            try await eventually { try TestPrimary.query(primary, waiting) == "0" },
            "the session of the write that gave up ended, and with it its hold on the primary's write lock")
    }

    @Test(.processTestLimit)
    func waitBoundsWaitingForThePrimarysWriteLock() async throws {
        let primary = try TestPrimary.freshDatabase()
        let sandbox = try LedgerSandbox()
        try sandbox.ok(Self.append("a", through: primary))
        // The key of the advisory lock every writer takes.
        let holder = try LockHoldingSession(primary, "SELECT pg_advisory_lock(108101100103101114); SELECT pg_sleep(600)")
        defer { holder.end() }
        #expect(try await eventually { try holder.holds("locktype = 'advisory'") })

        // The lock is waited for as long as --wait says, even past the primary's bound on silence.
        let result = try LedgerRunner(sandbox).run(Self.append("b", through: primary) + ["--wait", "2", "--primary-timeout", "1"])
        expectGaveUp(
            result,
            mentions: [
                "primary busy: gave up waiting for a lock on 127.0.0.1:",
                "after 2 s (running SELECT pg_advisory_xact_lock(108101100103101114))",
            ])
        #expect(try sandbox.log().count == 1, "nothing was written")
        holder.end()
        try sandbox.ok(Self.append("b", through: primary) + ["--wait", "1"])
        #expect(try sandbox.log().count == 2)
    }

    @Test(.processTestLimit)
    func watchNoticesItsPrimaryStoppedAnsweringAndFollowsItAgain() async throws {
        let primary = try TestPrimary.freshDatabase()
        let watching = try LedgerSandbox(), writing = try LedgerSandbox()
        try watching.ok(["sync", "--primary", primary])
        let watcher = try BackgroundLedger(
            ["watch", "--json", "--from", "1", "--primary", primary, "--primary-timeout", "1"],
            in: watching)
        defer { watcher.stop() }
        // The session the watch listens on for commits (it asks `SELECT 1` when nothing came for a while).
        let listening = """
            SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND query IN ('LISTEN ledger_commits', 'SELECT 1')
            """
        #expect(try await eventually { !(try TestPrimary.query(primary, listening)).isEmpty })
        let session = try #require(pid_t(try TestPrimary.query(primary, listening)))
        try #require(kill(session, SIGSTOP) == 0)
        defer { kill(session, SIGCONT) }

        try writing.ok(Self.append("a", through: primary))
        let lines = watcher.waitForLines(1, within: 60)
        #expect(lines == (try writing.ok(["export"]).lines), "watch followed the primary again; stderr: \(watcher.stderr)")
    }
}

/// A `psql` session running `sql` (which takes a lock and sleeps) in the background on a
/// primary; `end()` (or releasing it) kills it and ends its server session.
final class LockHoldingSession {
    /// The name the session goes by on the server, to find and end it.
    static let applicationName = "ledger-tests-lock-holder"
    private let url: String
    private let process: Process

    /// Starts `psql URL -c SQL`.
    init(_ url: String, _ sql: String) throws {
        self.url = url
        process = ProcessPlumbing.process(
            URL(fileURLWithPath: "/usr/bin/psql"), [url, "-q", "-c", sql],
            environment: ["PGAPPNAME": Self.applicationName])
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    deinit { end() }

    /// Whether the session holds a granted lock of this database matching `condition` (on `pg_locks`).
    func holds(_ condition: String) throws -> Bool {
        try TestPrimary.query(
            url,
            """
            SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
            WHERE a.application_name = '\(Self.applicationName)' AND a.datname = current_database() AND l.granted AND \(condition)
            """) != "0"
    }

    /// Kills `psql` and ends its session on the server (which would otherwise sleep on, holding its lock).
    func end() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        _ = try? Programs.run(
            "/usr/bin/psql",
            [
                url, "-At", "-c",
                """
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = '\(Self.applicationName)' AND datname = current_database()
                """,
            ])
    }
}
