import Foundation
import LedgerCLITestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// How the ledger file and its lock file are reached: however a file is named, every process
/// shares one lock; planted lock files, empty files, missing directories and the leftovers of
/// killed creations never cost a user a commit or a file.
@Suite struct LedgerFileSafetyTests {
    /// Writers appending through a symbolic link and through the real name at once: every
    /// commit they were told about is in the log.
    @Test func writersThroughASymbolicLinkShareTheLock() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"first"}"#])
        let link = sandbox.path("link.lmdb")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: sandbox.ledgerPath)
        let runner = LedgerRunner(sandbox)
        let writers = 4, appends = 15
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: writers) { writer in
            for index in 0..<appends {
                let data = #"{"dishId":"w\#(writer)-\#(index)"}"#
                let result = try? runner.run(["append", "FavoriteAdded", data], ledger: writer.isMultiple(of: 2) ? link : nil)
                if result?.status != 0 { failures.add("writer \(writer) append \(index): \(result?.stderr ?? "did not run")") }
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let favorites = try sandbox.array(["query", "favorites"])
        #expect(favorites.count == 1 + writers * appends)
        try sandbox.ok(["verify"])
    }

    /// A second hard link to a ledger has its own lock file name: opening through either name
    /// is refused while both exist.
    @Test func aLedgerWithTwoHardLinksIsRefused() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"first"}"#])
        let second = sandbox.path("second.lmdb")
        #expect(link(sandbox.ledgerPath, second) == 0)
        for path in [second, sandbox.ledgerPath] {
            for command in [["append", "FavoriteAdded", #"{"dishId":"more"}"#], ["query", "favorites"]] {
                let result = try LedgerSandbox.run(command + ["--ledger", path], input: nil, currentDirectory: sandbox.directory)
                #expect(result.status == 5, "\(command) through \(path)")
                #expect(result.stderr.contains("hard links"), "\(result.stderr)")
            }
        }
        unlink(second)
        #expect(try sandbox.array(["query", "favorites"]).count == 1)
    }

    /// Another user's symbolic link planted at a new ledger's lock file name pointing at a
    /// victim's ledger: the append is refused and the victim's ledger is untouched.
    @Test func aLockFileThatIsASymbolicLinkIsRefused() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.loadSeeds()
        let victim = try Data(contentsOf: URL(fileURLWithPath: sandbox.ledgerPath))
        let newLedger = sandbox.path("new.lmdb")
        try FileManager.default.createSymbolicLink(atPath: newLedger + "-lock", withDestinationPath: sandbox.ledgerPath)
        let result = try LedgerSandbox.run(
            ["append", "FavoriteAdded", #"{"dishId":"x"}"#, "--ledger", newLedger],
            input: nil, currentDirectory: sandbox.directory)
        #expect(result.status == 5)
        #expect(result.stderr.contains("lock file") && result.stderr.contains("symbolic link"), "\(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.ledgerPath)) == victim)
        #expect(!FileManager.default.fileExists(atPath: newLedger))
        try sandbox.ok(["verify"])
    }

    /// A lock file others may write, or that belongs to another user, is refused; a new one
    /// is readable and writable by its owner only.
    @Test func lockFilesOthersCouldWriteAreRefused() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"first"}"#])
        let lock = sandbox.ledgerPath + "-lock"
        #expect(try permissions(lock) == 0o600)

        #expect(chmod(lock, 0o666) == 0)
        for command in [["append", "FavoriteAdded", #"{"dishId":"x"}"#], ["query", "favorites"]] {
            let result = try sandbox.run(command)
            #expect(result.status == 5, "\(command)")
            #expect(result.stderr.contains("may be written by other users"), "\(result.stderr)")
        }
        #expect(chmod(lock, 0o600) == 0)
        if geteuid() == 0 {
            #expect(chown(lock, 65534, 65534) == 0)
            let result = try sandbox.run(["append", "FavoriteAdded", #"{"dishId":"x"}"#])
            #expect(result.status == 5)
            #expect(result.stderr.contains("belongs to another user"), "\(result.stderr)")
            #expect(chown(lock, 0, 0) == 0)
        }
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"x"}"#])
    }

    /// A writer stopped in the middle of its write: others say whom they wait for after about
    /// a second, and `--wait` bounds the wait (exit 5); once it goes on, everything completes.
    /// `verify` only reads, so it checks the last commit without waiting.
    @Test(.processTestLimit) func writersSayWhomTheyWaitForAndGiveUpAfterWait() throws {
        let sandbox = try LedgerSandbox()
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"first"}"#])
        let lines = (0..<50_000).map { #"{"type":"FavoriteAdded","data":{"dishId":"bulk-\#($0)"}}"# }
        let batch = try GeneratedBatches.write(lines, to: sandbox.path("batch.ndjson"))
        let writer = try BackgroundLedger(["append", "--batch", batch], in: sandbox)
        let pid = writer.process.processIdentifier
        let holder = try #require(
            WriteLockProbe.waitForWriteLock(of: sandbox.ledgerPath, heldBy: pid),
            "the batch writer never held the write lock")
        kill(holder, SIGSTOP)
        defer { kill(holder, SIGCONT) }

        for command in [["append", "FavoriteAdded", #"{"dishId":"late"}"#], ["session", "begin"]] {
            let result = try sandbox.run(command + ["--wait", "1.5"])
            #expect(result.status == 5, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("waiting for process \(pid)"), "\(command): \(result.stderr)")
            #expect(result.stderr.contains("gave up waiting for the write lock"), "\(command): \(result.stderr)")
        }
        let verified = try sandbox.run(["verify", "--wait", "1.5"])
        #expect(verified.status == 0 && !verified.stderr.contains("waiting for"), "\(verified.stderr)")
        kill(holder, SIGCONT)
        #expect(writer.waitForExit(within: 60))
        #expect(writer.process.terminationStatus == 0)
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"late"}"#, "--wait", "30"])
        #expect(try sandbox.array(["query", "favorites"]).count == lines.count + 2)
    }

    /// A reader killed while another process keeps the ledger open leaves its reader slot
    /// behind; the slot is cleared, so rebuilds reuse the pages they free instead of growing
    /// the file each time.
    @Test(.processTestLimit) func readersThatDiedDoNotPinPages() throws {
        let sandbox = try LedgerSandbox()
        let lines = (0..<20_000).map { #"{"type":"FavoriteAdded","data":{"dishId":"dish-\#($0)"}}"# }
        try sandbox.ok(["append", "--batch", try GeneratedBatches.write(lines, to: sandbox.path("batch.ndjson"))])
        let watcher = try BackgroundLedger(["watch"], in: sandbox)
        #expect(watcher.process.isRunning)

        // An export whose output nobody reads blocks holding its snapshot; then it is killed.
        let reader = ProcessPlumbing.process(LedgerSandbox.executable, ["export", "--ledger", sandbox.ledgerPath])
        let unread = Pipe()
        reader.standardOutput = unread
        try reader.run()
        usleep(700_000)
        kill(reader.processIdentifier, SIGKILL)
        reader.waitUntilExit()

        var sizes = [try fileSize(sandbox.ledgerPath)]
        for _ in 0..<3 {
            try sandbox.ok(["rebuild"])
            sizes.append(try fileSize(sandbox.ledgerPath))
        }
        let firstGrowth = sizes[1] - sizes[0]
        #expect(sizes[3] - sizes[1] < max(firstGrowth / 2, 1 << 20), "file sizes after each rebuild: \(sizes)")
        try sandbox.ok(["verify"])
    }

    /// An existing empty file, or a file that is not a ledger, is never turned into one.
    @Test func existingFilesThatAreNotLedgersAreNeverTurnedIntoOne() throws {
        let sandbox = try LedgerSandbox()
        for (name, content) in [("empty.lmdb", ""), ("notes.lmdb", "shopping list\n" + String(repeating: "milk\n", count: 2000))] {
            let path = try sandbox.write(name, content)
            for command in [["append", "FavoriteAdded", #"{"dishId":"x"}"#], ["session", "begin"], ["query", "favorites"]] {
                let result = try LedgerSandbox.run(command + ["--ledger", path], input: nil, currentDirectory: sandbox.directory)
                #expect(result.status == 5, "\(command) on \(name)")
                #expect(result.stderr.contains("not an EventLedger file"), "\(result.stderr)")
            }
            #expect(try String(contentsOfFile: path, encoding: .utf8) == content)
            #expect(!FileManager.default.fileExists(atPath: path + "-lock"), "\(name) got a lock file")
        }
    }

    /// A ledger in a directory that does not exist: the error says so, without temporary names.
    @Test func aMissingDirectoryIsNamed() throws {
        let sandbox = try LedgerSandbox()
        let path = sandbox.path("no/such/dir/x.lmdb")
        let result = try LedgerSandbox.run(
            ["append", "FavoriteAdded", #"{"dishId":"x"}"#, "--ledger", path],
            input: nil, currentDirectory: sandbox.directory)
        #expect(result.status == 5)
        #expect(result.stderr.contains("directory \(sandbox.path("no/such/dir")) does not exist"), "\(result.stderr)")
        #expect(!result.stderr.contains("creating"), "\(result.stderr)")
    }

    /// Creations killed halfway leave `PATH.creating-PID` and its lock file: the next process
    /// removes those of processes that are gone, including a leftover second name of the
    /// ledger itself, and keeps those of running ones.
    @Test func leftoversOfKilledCreationsAreRemoved() throws {
        let sandbox = try LedgerSandbox()
        let dead = try Self.pidOfAFinishedProcess()
        let leftover = sandbox.ledgerPath + ".creating-\(dead)"
        let live = sandbox.ledgerPath + ".creating-\(getpid())"
        for path in [leftover, leftover + "-lock", live] { try sandbox.write(URL(fileURLWithPath: path).lastPathComponent, "x") }
        try sandbox.ok(["append", "FavoriteAdded", #"{"dishId":"x"}"#])
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(!FileManager.default.fileExists(atPath: leftover + "-lock"))
        #expect(FileManager.default.fileExists(atPath: live))

        // Killed between linking the new ledger into place and removing its temporary name.
        #expect(link(sandbox.ledgerPath, leftover) == 0)
        #expect(try sandbox.array(["query", "favorites"]).count == 1)
        #expect(!FileManager.default.fileExists(atPath: leftover))
    }

    /// The id of a process that has exited (and been waited for).
    private static func pidOfAFinishedProcess() throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/true")
        try process.run()
        process.waitUntilExit()
        return process.processIdentifier
    }
}

/// Failures collected from several threads.
private final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [String] = []

    func add(_ failure: String) { lock.withLock { failures.append(failure) } }
    var all: [String] { lock.withLock { failures } }
}

private func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.posixPermissions] as? Int)
}

private func fileSize(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return try #require(attributes[.size] as? Int)
}
