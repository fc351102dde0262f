import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Runs any program and collects what it printed.
package enum Programs {
    /// Runs `executable ARGS` with `input` on standard input, the environment of the tests
    /// without `LEDGER_PATH` plus `environment`.
    package static func run(
        _ executable: String, _ arguments: [String], input: Data? = nil, currentDirectory: URL? = nil,
        environment: [String: String] = [:]
    ) throws -> RunResult {
        let process = ProcessPlumbing.process(
            URL(fileURLWithPath: executable), arguments, currentDirectory: currentDirectory,
            environment: environment)
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        ProcessPlumbing.feed(inPipe, input)
        let errors = PipeReader(err.fileHandleForReading)
        let output = out.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.wait()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errorData, as: UTF8.self))
    }

    /// The first of `candidates` that is an executable file.
    package static func find(_ candidates: [String]) -> String? {
        candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a command that must succeed (a setup step); throws with its stderr otherwise.
    package static func require(_ executable: String, _ arguments: [String]) throws {
        let result = try run(executable, arguments)
        guard result.status == 0 else {
            throw SetupFailure("\(executable) \(arguments.joined(separator: " ")) exited \(result.status): \(result.stderr)")
        }
    }
}

/// A setup step of a test that failed (not a finding about the product).
package struct SetupFailure: Error, CustomStringConvertible {
    package let description: String
    package init(_ description: String) { self.description = description }
}

/// What this machine lets the tests arrange. The tests run as root in the project's
/// containers; elsewhere the tests that need these are skipped, saying why.
///
/// As root, file permission bits are not enforced (CAP_DAC_OVERRIDE): `chmod 000` or
/// `chmod 0444` does not stop root from reading or writing a file. Truly unreadable or
/// read-only files are therefore made by other means: an immutable file (`chattr +i`, which
/// binds root too), a tmpfs remounted read-only, or running `ledger` as an unprivileged user
/// (`setpriv` to nobody), for whom permission bits do apply.
package enum Privileges {
    package static var isRoot: Bool { getuid() == 0 }

    package static let mountProgram = Programs.find(["/usr/bin/mount", "/bin/mount"])
    package static let umountProgram = Programs.find(["/usr/bin/umount", "/bin/umount"])
    package static let chattrProgram = Programs.find(["/usr/bin/chattr", "/bin/chattr", "/sbin/chattr", "/usr/sbin/chattr"])
    package static let setprivProgram = Programs.find(["/usr/bin/setpriv", "/bin/setpriv"])

    /// Whether a small tmpfs can be mounted (and remounted read-only): root, the `mount`
    /// program, and a kernel and container that allow it. Probed once.
    package static let canMountTmpfs: Bool = {
        guard isRoot, mountProgram != nil, umountProgram != nil else { return false }
        do {
            let mount = try TmpfsMount(megabytes: 1)
            defer { mount.unmount() }
            try mount.remount(readOnly: true)
            return !FileManager.default.createFile(atPath: mount.path + "/probe", contents: Data("x".utf8))
        } catch {
            return false
        }
    }()

    /// Whether the filesystem of the temporary directory supports the immutable attribute
    /// (ext2/3/4, xfs, btrfs… but not tmpfs or overlayfs) and we may set it. Probed once.
    package static let canMakeImmutable: Bool = {
        guard isRoot, let chattr = chattrProgram else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-immutable-probe-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: probe, contents: Data("x".utf8)) else { return false }
        defer {
            _ = try? Programs.run(chattr, ["-i", probe])
            unlink(probe)
        }
        guard (try? Programs.run(chattr, ["+i", probe]))?.status == 0 else { return false }
        // Immutable indeed: even root cannot open it for writing.
        let descriptor = open(probe, O_WRONLY)
        if descriptor >= 0 {
            close(descriptor)
            return false
        }
        return true
    }()

    /// The unprivileged user the tests switch to.
    package static let nobody: (uid: uid_t, gid: gid_t) = (65534, 65534)

    /// Whether `ledger` can be run as nobody (root, `setpriv`, and a `ledger` binary nobody may
    /// execute). Probed once.
    package static let canRunAsNobody: Bool = {
        guard isRoot, setprivProgram != nil else { return false }
        return (try? runAsNobody(["--help"], currentDirectory: FileManager.default.temporaryDirectory))?.status == 0
    }()

    /// Runs `ledger ARGS` as nobody (uid and gid 65534, no supplementary groups).
    package static func runAsNobody(_ arguments: [String], input: Data? = nil, currentDirectory: URL) throws -> RunResult {
        guard let setpriv = setprivProgram else { throw SetupFailure("setpriv is not installed") }
        return try Programs.run(
            setpriv,
            [
                "--reuid=\(nobody.uid)", "--regid=\(nobody.gid)", "--clear-groups", "--",
                LedgerSandbox.executable.path,
            ] + arguments,
            input: input, currentDirectory: currentDirectory)
    }

    /// Gives `path` (and, recursively, what is inside) to nobody.
    package static func giveToNobody(_ path: String) throws {
        try Programs.require(
            Programs.find(["/usr/bin/chown", "/bin/chown"]) ?? "/bin/chown",
            ["-R", "\(nobody.uid):\(nobody.gid)", path])
    }
}

/// A tmpfs of a few megabytes mounted on a new temporary directory; unmounted (and the
/// directory removed) by `unmount()` or, at the latest, when released.
package final class TmpfsMount {
    package let path: String
    private var mounted = false

    package init(megabytes: Int) throws {
        guard let mount = Privileges.mountProgram else { throw SetupFailure("mount is not installed") }
        path = FileManager.default.temporaryDirectory.appendingPathComponent("ledger-tmpfs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        do {
            try Programs.require(mount, ["-t", "tmpfs", "-o", "size=\(megabytes)m,mode=0755", "tmpfs", path])
        } catch {
            rmdir(path)
            throw error
        }
        mounted = true
    }

    deinit { unmount() }

    /// A path inside the mount.
    package func file(_ name: String) -> String { path + "/" + name }

    /// Remounts read-only or read-write.
    package func remount(readOnly: Bool) throws {
        try Programs.require(Privileges.mountProgram!, ["-o", readOnly ? "remount,ro" : "remount,rw", path])
    }

    /// Unmounts (lazily if busy) and removes the mount point. Idempotent.
    package func unmount() {
        guard mounted else { return }
        mounted = false
        if let umount = Privileges.umountProgram, (try? Programs.run(umount, [path]))?.status != 0 {
            _ = try? Programs.run(umount, ["-l", path])
        }
        rmdir(path)
    }

    /// Fills the filesystem with a file `name` until no space is left; returns its size.
    @discardableResult
    package func fill(_ name: String = "filler") throws -> Int {
        let descriptor = open(file(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw SetupFailure("cannot create \(file(name))") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xA5, count: 64 << 10)
        var total = 0
        var size = chunk.count
        while size > 0 {
            let written = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, size) }
            if written > 0 {
                total += written
            } else if errno == ENOSPC || written == 0 {
                size /= 2  // top up the last partial block
            } else if errno != EINTR {
                throw SetupFailure("writing \(file(name)): \(String(cString: strerror(errno)))")
            }
        }
        return total
    }

    /// The bytes still free for unprivileged files.
    package var availableBytes: Int {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return -1 }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }
}

/// Sets the immutable attribute on a file (`chattr +i`): not even root can open it for
/// writing, rename or delete it. Cleared by `release()` or, at the latest, when released.
package final class ImmutableFile {
    package let path: String
    private var set = false

    package init(_ path: String) throws {
        guard let chattr = Privileges.chattrProgram else { throw SetupFailure("chattr is not installed") }
        self.path = path
        try Programs.require(chattr, ["+i", path])
        set = true
    }

    deinit { release() }

    /// Clears the attribute, so the file can be written and removed again. Idempotent.
    package func release() {
        guard set, let chattr = Privileges.chattrProgram else { return }
        set = false
        _ = try? Programs.run(chattr, ["-i", path])
    }
}
