import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A ledger that cannot be written can still be queried; commands that write fail with
/// exit 5 and a clear one-line error, and the file is left as it was.
///
/// The tests run as root, for whom `chmod 0444` changes nothing (root writes any file), so a
/// truly read-only ledger is made three other ways, each skipped where it cannot be arranged:
/// an immutable file (`chattr +i`, which binds root too; needs ext4 or similar under the
/// temporary directory), a tmpfs remounted read-only, and `chmod` with `ledger` run as the
/// unprivileged user nobody.
@Suite struct ReadOnlyLedgerTests {
    /// Commands that only read, each answered the same on a read-only ledger as before.
    static let queries: [[String]] = [
        ["query", "artists", "--json"], ["query", "artist-songs", "pink-floyd", "--json"], ["query", "songs", "--orphans"],
        ["query", "categories"], ["query", "category-animals", "bird", "--json"], ["query", "animals", "--uncategorized"],
        ["query", "favorites", "--json"], ["query", "artists", "--as-of", "60", "--json"], ["log", "--json"],
        ["log", "--stream", "artist-queen"], ["history", "song-bohemian-rhapsody", "--json"], ["export"], ["stats", "--json"],
        ["session", "list", "--json"],
    ]

    /// Commands that write (or need write access), each failing with exit 5.
    static let writes: [[String]] = [
        ["append", "FavoriteAdded", #"{"dishId":"read-only-dish"}"#],
        ["append", "--batch", Seeds.path("music.ndjson")],
        ["session", "begin"],
        ["rebuild", "--quiet"],
    ]

    /// The answers of every query (exit status and output).
    static func answers(_ run: ([String]) throws -> RunResult) throws -> [String] {
        try queries.map { query in
            let result = try run(query)
            return "\(query.joined(separator: " ")) → exit \(result.status)\n\(result.stdout)\(result.stderr)"
        }
    }

    /// Checks that on a read-only ledger every query answers as `expected`, every write fails
    /// with exit 5 naming the ledger and why, and `backup` still copies it.
    static func checkReadOnly(
        expected: [String], ledgerName: String, reason: String, backupTo backup: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        run: ([String]) throws -> RunResult
    ) throws {
        let now = try answers(run)
        for (before, after) in zip(expected, now) {
            #expect(before == after, "a query answers differently on the read-only ledger", sourceLocation: sourceLocation)
        }
        for write in writes {
            let result = try run(write)
            #expect(result.status == 5, "ledger \(write.joined(separator: " ")) exited \(result.status)", sourceLocation: sourceLocation)
            expectFailure(result, exit: 5, mentions: [ledgerName, reason], sourceLocation: sourceLocation)
        }
        let copy = try run(["backup", backup])
        #expect(copy.status == 0, "backup of a read-only ledger: \(copy.stderr)", sourceLocation: sourceLocation)
    }

    static let notWritable = "read-only|not permitted|permission"

    // MARK: An immutable file

    @Test(.enabled(if: Privileges.canMakeImmutable, "needs root and chattr +i on the temporary directory's filesystem"))
    func anImmutableLedgerCanBeQueriedButNotWritten() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let expected = try Self.answers { try sandbox.run($0) }
        let bytes = try #require(fileBytes(sandbox.ledgerPath))
        let immutable = try ImmutableFile(sandbox.ledgerPath)
        defer { immutable.release() }

        try Self.checkReadOnly(
            expected: expected, ledgerName: "ledger.lmdb", reason: Self.notWritable,
            backupTo: sandbox.path("backup.lmdb")
        ) { try sandbox.run($0) }
        // Without its lock file too (a copy of the ledger alone).
        unlink(sandbox.ledgerPath + "-lock")
        #expect(try Self.answers { try sandbox.run($0) } == expected, "queries without the lock file")
        #expect(fileBytes(sandbox.ledgerPath) == bytes, "the ledger must be left as it was")

        immutable.release()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"writable-again"}"#])
        #expect(try sandbox.eventCount() == Seeds.eventCount + 1)
    }

    // MARK: A read-only filesystem

    @Test(
        .enabled(if: Privileges.canMountTmpfs, "needs root and permission to mount a tmpfs"),
        arguments: [true, false])
    func aLedgerOnAReadOnlyFilesystemCanBeQueriedButNotWritten(keepingLockFile: Bool) throws {
        let mount = try TmpfsMount(megabytes: 16)
        defer { mount.unmount() }
        let sandbox = try LedgerSandbox()
        let ledger = mount.file("ledger.lmdb")
        let run = { (arguments: [String]) in try sandbox.run(arguments + ["--ledger", ledger], useLedgerOption: false) }
        for seed in Seeds.files { try sandbox.ok(["append", "--batch", Seeds.path(seed)], ledger: ledger) }
        let expected = try Self.answers(run)
        #expect(expected.allSatisfy { $0.contains("→ exit 0") })
        if !keepingLockFile { unlink(ledger + "-lock") }
        let bytes = try #require(fileBytes(ledger))
        try mount.remount(readOnly: true)

        try Self.checkReadOnly(
            expected: expected, ledgerName: "ledger.lmdb", reason: Self.notWritable,
            backupTo: sandbox.path("backup.lmdb"), run: run)
        // A new ledger cannot be created there either.
        expectFailure(
            try sandbox.run(
                ["append", "FavoriteAdded", #"{"dishId":"x"}"#, "--ledger", mount.file("new.lmdb")],
                useLedgerOption: false),
            exit: 5, mentions: ["new.lmdb", Self.notWritable])
        #expect(fileBytes(ledger) == bytes)

        try mount.remount(readOnly: false)
        #expect(try run(["append", "FavoriteAdded", #"{"dishId":"writable-again"}"#]).status == 0)
    }

    // MARK: Permissions, for an unprivileged user

    @Test(.enabled(if: Privileges.canRunAsNobody, "needs root, setpriv and a ledger binary nobody may run"))
    func aLedgerFileWithoutWritePermissionCanBeQueriedButNotWritten() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let expected = try Self.answers { try sandbox.run($0) }
        try Privileges.giveToNobody(sandbox.directory.path)
        let bytes = try #require(fileBytes(sandbox.ledgerPath))
        #expect(chmod(sandbox.ledgerPath, 0o444) == 0)
        let run = { (arguments: [String]) in
            try Privileges.runAsNobody(arguments + ["--ledger", sandbox.ledgerPath], currentDirectory: sandbox.directory)
        }
        try Self.checkReadOnly(
            expected: expected, ledgerName: "ledger.lmdb", reason: Self.notWritable,
            backupTo: sandbox.path("backup.lmdb"), run: run)
        #expect(fileBytes(sandbox.ledgerPath) == bytes)
    }

    /// A read-only directory: the lock file cannot be created beside the ledger.
    @Test(
        .enabled(if: Privileges.canRunAsNobody, "needs root, setpriv and a ledger binary nobody may run"),
        arguments: [0o644, 0o444])
    func aLedgerInAReadOnlyDirectoryCanBeQueriedButNotWritten(fileMode: Int) throws {
        let sandbox = try LedgerSandbox()
        let directory = sandbox.path("archive")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        let ledger = directory + "/ledger.lmdb"
        let asRoot = { (arguments: [String]) in try sandbox.run(arguments + ["--ledger", ledger], useLedgerOption: false) }
        for seed in Seeds.files { try sandbox.ok(["append", "--batch", Seeds.path(seed)], ledger: ledger) }
        let expected = try Self.answers(asRoot)
        unlink(ledger + "-lock")
        try Privileges.giveToNobody(sandbox.directory.path)
        #expect(chmod(ledger, mode_t(fileMode)) == 0)
        #expect(chmod(directory, 0o555) == 0)
        defer { chmod(directory, 0o755) }
        let bytes = try #require(fileBytes(ledger))
        let run = { (arguments: [String]) in
            try Privileges.runAsNobody(arguments + ["--ledger", ledger], currentDirectory: sandbox.directory)
        }
        try Self.checkReadOnly(
            expected: expected, ledgerName: "ledger.lmdb", reason: Self.notWritable,
            backupTo: sandbox.path("backup.lmdb"), run: run)
        #expect(fileBytes(ledger) == bytes)
        #expect(directoryEntries(directory) == ["ledger.lmdb"], "nothing may be created in the read-only directory")
    }

    // MARK: Verify

    /// `verify` changes nothing, so it should work on a ledger that cannot be written, e.g.
    /// an archived copy: a healthy ledger verifies (exit 0), whatever its file's permissions.
    @Test(.enabled(if: Privileges.canMakeImmutable, "needs root and chattr +i on the temporary directory's filesystem"))
    func anImmutableLedgerVerifies() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let immutable = try ImmutableFile(sandbox.ledgerPath)
        defer { immutable.release() }
        let verify = try sandbox.run(["verify"])
        #expect(verify.status == 0, "verify of a healthy immutable ledger exited \(verify.status): \(verify.stderr)")
        #expect(verify.stdout.contains("\(Seeds.eventCount) events"))
    }

    @Test(.enabled(if: Privileges.canMountTmpfs, "needs root and permission to mount a tmpfs"))
    func aLedgerOnAReadOnlyFilesystemVerifies() throws {
        let mount = try TmpfsMount(megabytes: 16)
        defer { mount.unmount() }
        let sandbox = try LedgerSandbox()
        let ledger = mount.file("ledger.lmdb")
        for seed in Seeds.files { try sandbox.ok(["append", "--batch", Seeds.path(seed)], ledger: ledger) }
        try mount.remount(readOnly: true)
        let verify = try sandbox.run(["verify", "--ledger", ledger], useLedgerOption: false)
        #expect(verify.status == 0, "verify of a healthy ledger on a read-only filesystem exited \(verify.status): \(verify.stderr)")
        #expect(verify.stdout.contains("\(Seeds.eventCount) events"))
    }
}
