import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A full filesystem (exit 5): appends fail with a clear one-line error and change
/// nothing; once space is freed the ledger verifies and takes appends again.
///
/// The ledger lives on a tmpfs of a few megabytes that the test mounts (root only; skipped
/// elsewhere). LMDB's map is sparse and the file grows only as pages are written, so a
/// filler file takes every free block first: the next commit that needs a new page fails.
/// A few small appends may still fit in pages LMDB freed earlier, so the tests append until
/// one fails and compare the ledger before and after that one.
@Suite(.enabled(if: Privileges.canMountTmpfs, "needs root and permission to mount a tmpfs"))
struct DiskFullTests {
    /// A seeded ledger on a 16 MiB tmpfs (room for the seeds and 6,000 more events once the filler is gone).
    final class FullDisk {
        let mount: TmpfsMount
        let sandbox: LedgerSandbox
        let ledger: String

        init() throws {
            mount = try TmpfsMount(megabytes: 16)
            sandbox = try LedgerSandbox()
            ledger = mount.file("ledger.lmdb")
            for seed in Seeds.files {
                try run(["append", "--batch", Seeds.path(seed)], expecting: 0)
            }
        }

        /// Runs `ledger ARGS --ledger <ledger on the tmpfs>`.
        @discardableResult
        func run(
            _ arguments: [String], input: Data? = nil, expecting status: Int32? = nil,
            sourceLocation: SourceLocation = #_sourceLocation
        ) throws -> RunResult {
            let result = try LedgerSandbox.run(arguments + ["--ledger", ledger], input: input, currentDirectory: sandbox.directory)
            if let status {
                #expect(
                    result.status == status, "ledger \(arguments.joined(separator: " ")): exit \(result.status): \(result.stderr)",
                    sourceLocation: sourceLocation)
            }
            return result
        }

        func export() throws -> String { try run(["export"], expecting: 0).stdout }

        /// Appends single events until one fails (the pages LMDB freed earlier are used up);
        /// checks that the failed one changed nothing, and returns it with the number appended.
        func appendUntilFull(sourceLocation: SourceLocation = #_sourceLocation) throws -> (RunResult, Int) {
            var appended = 0
            for attempt in 0..<200 {
                let before = try export()
                let result = try run(["append", "FavoriteAdded", #"{"dishId":"dish-single-\#(attempt)"}"#])
                if result.status == 0 {
                    appended += 1
                    continue
                }
                #expect(try export() == before, "a failed append must change nothing", sourceLocation: sourceLocation)
                return (result, appended)
            }
            throw SetupFailure("200 appends on a full filesystem all succeeded")
        }

        func unmount() { mount.unmount() }
    }

    /// NDJSON of `count` new favourites, `dish-PREFIX-N`.
    static func favorites(_ prefix: String, _ count: Int) -> Data {
        Hostile.lines((0..<count).map { Hostile.favoriteLine("dish-\(prefix)-\($0)") })
    }

    @Test func appendsFailWithExitFiveAndResumeWhenSpaceIsFreed() throws {
        let disk = try FullDisk()
        defer { disk.unmount() }
        try disk.mount.fill()
        #expect(disk.mount.availableBytes < 64 << 10, "the filesystem should be full")

        let (failure, appended) = try disk.appendUntilFull()
        expectFailure(failure, exit: 5, mentions: ["ledger.lmdb", "space"])

        // A batch and an import fail the same way.
        let export = try disk.export()
        expectFailure(try disk.run(["append", "--batch", "-"], input: Self.favorites("batch", 3000)), exit: 5, mentions: ["space"])
        #expect(try disk.export() == export)
        let source = try LedgerSandbox()
        try source.ok(["append", "--batch", "-"], input: String(decoding: Self.favorites("imported", 3000), as: UTF8.self))
        let imported = try source.ok(["export"]).stdout
        expectFailure(try disk.run(["import", "-"], input: Data(imported.utf8)), exit: 5, mentions: ["space"])
        #expect(try disk.export() == export)

        // Full, the ledger still reads and verifies.
        let verify = try disk.run(["verify"])
        #expect(verify.status == 0, "verify on a full filesystem: \(verify.stderr)")
        try disk.run(["query", "favorites", "--json"], expecting: 0)

        // Space freed: the ledger verifies and takes appends again.
        #expect(unlink(disk.mount.file("filler")) == 0)
        try disk.run(["verify"], expecting: 0)
        try disk.run(["append", "FavoriteAdded", #"{"dishId":"dish-after"}"#], expecting: 0)
        try disk.run(["append", "--batch", "-"], input: Self.favorites("after", 3000), expecting: 0)
        try disk.run(["import", "-"], input: Data(imported.utf8), expecting: 0)
        try disk.run(["verify"], expecting: 0)
        let events = try disk.run(["log", "--json"], expecting: 0).lines.count
        #expect(events == Seeds.eventCount + appended + 1 + 3000 + 3000)
    }

    @Test func aSessionCommitOnAFullDiskFailsAndKeepsTheSession() throws {
        let disk = try FullDisk()
        defer { disk.unmount() }
        let session = try disk.run(["session", "begin"], expecting: 0).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let staged = 60
        for index in 0..<staged {
            try disk.run(["session", "add", session, "FavoriteAdded", #"{"dishId":"dish-staged-\#(index)"}"#], expecting: 0)
        }
        try disk.mount.fill()
        let (_, appended) = try disk.appendUntilFull()
        let export = try disk.export()
        expectFailure(try disk.run(["session", "commit", session]), exit: 5, mentions: ["space"])
        #expect(try disk.export() == export)
        #expect(try disk.run(["session", "list", "--json"], expecting: 0).stdout.contains(session), "the session must be kept")
        #expect(unlink(disk.mount.file("filler")) == 0)
        try disk.run(["session", "commit", session], expecting: 0)
        #expect(try disk.run(["log", "--json"], expecting: 0).lines.count == Seeds.eventCount + appended + staged)
        try disk.run(["verify"], expecting: 0)
    }

    /// Creating a ledger on a full filesystem: exit 5, and no file (nor a temporary one) left.
    @Test func aNewLedgerOnAFullDiskFailsCleanly() throws {
        let mount = try TmpfsMount(megabytes: 1)
        defer { mount.unmount() }
        let sandbox = try LedgerSandbox()
        try mount.fill()
        let ledger = mount.file("new.lmdb")
        let result = try LedgerSandbox.run(
            ["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#, "--ledger", ledger], input: nil,
            currentDirectory: sandbox.directory)
        expectFailure(result, exit: 5, mentions: ["new.lmdb", "space"])
        #expect(directoryEntries(mount.path, prefix: "new.lmdb").isEmpty, "left behind: \(directoryEntries(mount.path, prefix: "new.lmdb"))")
        // With space, the same command creates it.
        #expect(unlink(mount.file("filler")) == 0)
        for name in directoryEntries(mount.path, prefix: "new.lmdb") { unlink(mount.file(name)) }
        let retry = try LedgerSandbox.run(
            ["append", "FavoriteAdded", #"{"dishId":"har-gow"}"#, "--ledger", ledger], input: nil,
            currentDirectory: sandbox.directory)
        #expect(retry.status == 0, "\(retry.stderr)")
    }

    /// Importing into a new ledger on a filesystem without room for it: the space of its map is
    /// reserved up front, so the import fails with exit 5 (no crash), and leaves no file.
    @Test func anImportIntoANewLedgerWithoutRoomFailsCleanly() throws {
        let mount = try TmpfsMount(megabytes: 2)
        defer { mount.unmount() }
        let sandbox = try LedgerSandbox()
        let batch = try GeneratedBatches.write(GeneratedBatches.lines(seed: 11, count: 5_000), to: sandbox.path("batch.ndjson"))
        try sandbox.ok(["append", "--batch", batch])
        let export = try sandbox.write("export.ndjson", try sandbox.ok(["export"]).stdout)
        let ledger = mount.file("new.lmdb")
        let result = try LedgerSandbox.run(["import", export, "--ledger", ledger], input: nil, currentDirectory: sandbox.directory)
        expectFailure(result, exit: 5, mentions: ["new.lmdb", "space"])
        #expect(directoryEntries(mount.path, prefix: "new.lmdb").isEmpty, "left behind: \(directoryEntries(mount.path, prefix: "new.lmdb"))")
    }
}
