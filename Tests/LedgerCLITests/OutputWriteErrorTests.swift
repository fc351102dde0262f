import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Output that cannot be written (a full device, a closed standard output) is a storage
/// failure (exit 5): every command checks its writes, and says so on one line.
@Suite struct OutputWriteErrorTests {
    /// A sandbox holding the seeds (84 events).
    func seeded() throws -> LedgerSandbox {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        return sandbox
    }

    /// Every command that prints, with its standard output on `/dev/full`.
    static let printingCommands: [[String]] = [
        ["export"], ["log"], ["log", "--json"], ["query", "artists"], ["query", "songs", "--json"],
        ["stats"], ["stats", "--json"], ["append", "FavoriteAdded", #"{"dishId":"full-device"}"#, "--json"],
        ["append", "FavoriteAdded", #"{"dishId":"full-device-text"}"#], ["verify"], ["--help"], ["export", "--help"],
    ]

    @Test(arguments: printingCommands)
    func aFullDeviceIsExitFive(_ command: [String]) throws {
        let result = try seeded().run(command, redirecting: ">/dev/full")
        expectFailure(result, exit: 5, mentions: ["cannot write output", "no space left"])
    }

    @Test(arguments: [["export"], ["log", "--json"], ["stats"], ["append", "FavoriteAdded", #"{"dishId":"closed"}"#]])
    func aClosedStandardOutputIsExitFive(_ command: [String]) throws {
        let sandbox = try seeded()
        let result = try sandbox.run(command, redirecting: ">&-")
        expectFailure(result, exit: 5, mentions: ["cannot write output", "bad file descriptor"])
        #expect(try sandbox.ok(["verify"]).stdout.hasPrefix("ok: "), "nothing meant for standard output went into the ledger")
    }

    @Test func aLongExportOntoAFullDeviceIsExitFive() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "--batch", "-"], input: String(decoding: DiskFullTests.favorites("many", 5_000), as: UTF8.self))
        let result = try sandbox.run(["export"], redirecting: ">/dev/full")
        expectFailure(result, exit: 5, mentions: ["cannot write output"])
    }

    @Test(.enabled(if: Privileges.canMountTmpfs, "needs root and permission to mount a tmpfs"))
    func anExportOntoAFullFilesystemIsExitFive() throws {
        let sandbox = try seeded()
        let mount = try TmpfsMount(megabytes: 1)
        defer { mount.unmount() }
        try mount.fill()
        let result = try sandbox.run(["export"], redirecting: ">'\(mount.file("export.ndjson"))'")
        expectFailure(result, exit: 5, mentions: ["cannot write output", "no space left"])
    }

    @Test func watchEndsWithExitFiveWhenItCannotWrite() throws {
        let sandbox = try seeded()
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let watcher = try BackgroundLedger(["watch", "--from", "1"], in: sandbox, standardOutput: full)
        #expect(watcher.waitForExit(within: 10), "watch should end on its first failed write")
        #expect(watcher.process.terminationStatus == 5)
        expectOneErrorLine(watcher.stderr)
        #expect(watcher.stderr.contains("cannot write output"), "stderr: \(watcher.stderr)")
    }
}
