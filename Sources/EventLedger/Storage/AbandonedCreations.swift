#if canImport(Glibc)
import Glibc
#endif

/// A new ledger is built under a temporary name, `PATH.creating-PID`, and linked into place;
/// so is a backup, as `PATH.partial-PID`. A process killed while doing so leaves that file
/// (and its lock file) behind; the next process to open or create `PATH` removes those whose
/// process is gone.
enum AbandonedCreations {
    /// The temporary name under which the process `pid` builds the file at `path`; `kind`
    /// says how (`creating` a ledger, writing a `partial` copy).
    static func temporaryPath(for path: String, pid: pid_t = getpid(), kind: String = "creating") -> String {
        "\(path).\(kind)-\(pid)"
    }

    /// Removes the temporary files of `kind` for `path` whose process no longer runs.
    static func removeAll(of path: String, kind: String = "creating") {
        let (directory, name) = LedgerFileLocation.split(path)
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let prefix = Array("\(name).\(kind)-".utf8)
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard let pid = creatorPID(of: Array(entryName.utf8), prefix: prefix), !isRunning(pid) else { continue }
            unlink(directory == "/" ? "/\(entryName)" : "\(directory)/\(entryName)")
        }
    }

    /// The process id in `NAME.KIND-PID` or `NAME.KIND-PID-lock` (`prefix` is `NAME.KIND-`), nil for other names.
    private static func creatorPID(of name: [UInt8], prefix: [UInt8]) -> pid_t? {
        guard name.starts(with: prefix) else { return nil }
        var digits = name.dropFirst(prefix.count)
        let lockSuffix = Array("-lock".utf8)
        if digits.reversed().starts(with: lockSuffix.reversed()) { digits = digits.dropLast(lockSuffix.count) }
        guard !digits.isEmpty, digits.count <= 10, digits.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return pid_t(String(decoding: digits, as: UTF8.self))
    }

    /// Whether a process with this id exists (signal 0 checks without sending anything).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
