import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A primary that lost commits, or whose log was altered, is found out before anything is
/// written on top of it, and a replica holding the lost commits gives them back.
@Suite(TestPrimary.available) struct PrimaryRecoveryTests {
    static let artist = ["append", "ArtistCreated", #"{"artistId":"band","name":"Band"}"#]
    static let song = ["append", "SongAdded", #"{"songId":"hit","title":"Hit","artistId":"band"}"#]
    static let favorite = ["append", "FavoriteAdded", #"{"dishId":"congee"}"#]

    @Test func aPrimaryThatLostItsLastCommitIsNeverWrittenOnTopAndAReplicaGivesItBack() throws {
        let primary = try TestPrimary.freshDatabase()
        let first = try LedgerSandbox(), second = try LedgerSandbox(), fresh = try LedgerSandbox()
        for command in [Self.artist, Self.song, Self.favorite] { try first.ok(command + ["--primary", primary]) }
        try second.ok(["sync", "--primary", primary])
        // The primary is restored from a backup taken before commit 3.
        try TestPrimary.query(primary, "DELETE FROM ledger_events WHERE commit = 3")
        let exported = try first.ok(["export"]).stdout

        expectFailure(try first.run(["sync", "--primary", primary]), exit: 5, mentions: ["lacks position 3", "push --restore"])
        let write = ["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#, "--primary", primary]
        expectFailure(try first.run(write), exit: 5, mentions: ["lacks position 3"])
        expectFailure(try second.run(write), exit: 5, mentions: ["lacks position 3"])
        expectFailure(try second.run(["undo", "2", "--primary", primary]), exit: 5, mentions: ["lacks position 3"])
        #expect(
            try TestPrimary.query(primary, "SELECT count(*), max(position) FROM ledger_events") == "2|2",
            "nothing was written on top of the loss")
        #expect(try first.ok(["export"]).stdout == exported, "nor in the replica")

        #expect(try first.ok(["push", "--restore", "--primary", primary]).stdout == "gave back 1 event to the primary\n")
        #expect(try first.ok(["push", "--restore", "--primary", primary]).stdout == "gave back 0 events to the primary\n")
        #expect(try second.ok(["sync", "--primary", primary]).stdout == "synced 0 events\n")
        try second.ok(write)
        for replica in [first, fresh] { try replica.ok(["sync", "--primary", primary]) }
        let exports = try [first, second, fresh].map { try $0.ok(["export"]).stdout }
        #expect(Set(exports).count == 1, "every replica converged")
        #expect(exports[0].hasPrefix(exported), "with the lost commit where it was")
        for replica in [first, second, fresh] { #expect(try replica.ok(["verify"]).stdout.hasPrefix("ok: 4 events")) }
    }

    @Test func aPrimaryWrittenOnTopOfALossCannotBeGivenTheLostCommitsBack() throws {
        let primary = try TestPrimary.freshDatabase()
        let holder = try LedgerSandbox(), other = try LedgerSandbox()
        for command in [Self.artist, Self.song] { try holder.ok(command + ["--primary", primary]) }
        try TestPrimary.query(primary, "DELETE FROM ledger_events WHERE commit = 2")
        try other.ok(["sync", "--primary", primary])
        try other.ok(Self.favorite + ["--primary", primary])
        let exported = try holder.ok(["export"]).stdout

        expectFailure(try holder.run(["sync", "--primary", primary]), exit: 5, mentions: ["diverged", "position 2"])
        expectFailure(try holder.run(["push", "--restore", "--primary", primary]), exit: 5, mentions: ["diverged"])
        expectFailure(try holder.run(Self.favorite + ["--primary", primary]), exit: 5, mentions: ["diverged"])
        #expect(try holder.ok(["export"]).stdout == exported)
        #expect(try TestPrimary.query(primary, "SELECT count(*), max(position) FROM ledger_events") == "2|2")
    }

    @Test func aPrimaryEventAlteredToBreakARuleIsDivergenceNotARuleViolation() throws {
        let primary = try TestPrimary.freshDatabase()
        let writer = try LedgerSandbox(), follower = try LedgerSandbox()
        try writer.ok(["append", "CategoryCreated", #"{"categoryId":"mammal","name":"Mammal"}"#, "--primary", primary])
        try follower.ok(["sync", "--primary", primary])
        try writer.ok(["append", "CategoryCreated", #"{"categoryId":"bird","name":"Bird"}"#, "--primary", primary])
        try TestPrimary.query(primary, #"UPDATE ledger_events SET payload = '{"categoryId":"bird","name":"mammal"}' WHERE position = 2"#)

        expectFailure(try follower.run(["sync", "--primary", primary]), exit: 5, mentions: ["diverged", "position 2"])
        expectFailure(try follower.run(Self.favorite + ["--primary", primary]), exit: 5, mentions: ["diverged", "position 2"])
        #expect(try follower.eventCount() == 1, "the follower applied nothing of it")
    }
}

/// Commits written through a primary are stamped with the primary's clock, so one machine's
/// wrong clock misdates nobody's commits. The primary here is a server of the test's own whose
/// clock runs ten years behind (libfaketime's, which `tools/test` installs), so this machine's
/// clock is the one ten years ahead of it.
@Suite(TestPrimary.available, .enabled(if: FakeClock.available, "needs libfaketime (tools/test installs it)"))
struct PrimaryClockTests {
    @Test(.processTestLimit)
    func aReplicaWhoseClockIsTenYearsAheadWritesAtThePrimarysTime() throws {
        let ahead = try LedgerSandbox(), other = try LedgerSandbox()
        let cluster = ahead.path("primary")
        let primary = try TestPrimary.control("start", cluster, environment: FakeClock.tenYearsBehind)
        defer { _ = try? TestPrimary.control("stop", cluster) }
        try ahead.ok(["append", "ArtistCreated", #"{"artistId":"a","name":"A"}"#, "--primary", primary])
        try other.ok(["append", "ArtistCreated", #"{"artistId":"b","name":"B"}"#, "--primary", primary])
        try ahead.ok(["sync", "--primary", primary])
        let log = try ahead.log()
        #expect(log.count == 2)
        for event in log {
            let recorded = try #require(FakeClock.date(event.string("recordedAt")))
            let behind = -recorded.timeIntervalSinceNow - FakeClock.tenYears
            #expect(abs(behind) < 3_600, "commit \(event.int("commit")) is stamped \(recorded), not the primary's time")
        }

        // An import through the primary is checked against the primary's clock too.
        let local = try LedgerSandbox()
        try local.ok(["append", "FavoriteAdded", #"{"dishId":"congee"}"#])
        let exported = try local.write("today.ndjson", try local.ok(["export"]).stdout)
        expectFailure(try ahead.run(["import", exported, "--primary", primary]), exit: 4, mentions: ["recordedAt", "ahead"])
        #expect(try TestPrimary.query(primary, "SELECT count(*) FROM ledger_events") == "2")
    }
}

/// A clock ten years behind for a process and its children, through libfaketime's preloaded
/// library.
enum FakeClock {
    static let library = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1"
    static let available = FileManager.default.fileExists(atPath: library)
    /// Ten years of 365 days, in seconds.
    static let tenYears: TimeInterval = 3_650 * 86_400
    /// The environment that sets a process's clock ten years behind.
    static let tenYearsBehind = ["LD_PRELOAD": library, "FAKETIME": "-3650d"]

    /// An envelope's `recordedAt` read as a date.
    static func date(_ text: String?) -> Date? {
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return text.flatMap { format.date(from: $0) }
    }
}

/// A replica whose own commit fails after the primary committed (its disk full) says that the
/// write is committed on the primary, and catches up on its next sync.
@Suite(TestPrimary.available, .enabled(if: Privileges.canMountTmpfs, "needs root and permission to mount a tmpfs"))
struct PrimaryCommittedReplicaFullTests {
    @Test func theReportSaysTheWriteIsOnThePrimaryAndASyncBringsIt() throws {
        let primary = try TestPrimary.freshDatabase()
        let mount = try TmpfsMount(megabytes: 4)
        defer { mount.unmount() }
        let sandbox = try LedgerSandbox(), other = try LedgerSandbox()
        try sandbox.loadSeeds()
        try sandbox.ok(["push", "--primary", primary])
        let replica = mount.file("replica.lmdb")
        try sandbox.ok(["sync", "--primary", primary], ledger: replica)
        try mount.fill()

        var failure: RunResult?
        for attempt in 0..<200 {
            let result = try sandbox.run(
                [
                    "append", "FavoriteAdded", #"{"dishId":"dish-\#(attempt)"}"#, "--ledger", replica,
                    "--primary", primary,
                ], useLedgerOption: false)
            if result.status != 0 {
                failure = result
                break
            }
        }
        let failed = try #require(failure, "200 appends on a full filesystem all succeeded")
        let onPrimary = try TestPrimary.query(primary, "SELECT max(commit), max(position) FROM ledger_events").split(separator: "|")
        expectFailure(
            failed, exit: 5,
            mentions: [
                "committed on the primary as commit \(onPrimary[0]) (position \(onPrimary[1]))",
                "next sync", "space",
            ])

        #expect(unlink(mount.file("filler")) == 0)
        #expect(try sandbox.ok(["sync", "--primary", primary], ledger: replica).stdout == "synced 1 event\n")
        try other.ok(["sync", "--primary", primary])
        #expect(try sandbox.ok(["export"], ledger: replica).stdout == (try other.ok(["export"]).stdout))
        try sandbox.ok(["verify"], ledger: replica)
    }
}
