import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A new ledger is built under a temporary name, `PATH.creating-PID`, and linked into place;
/// so is a backup, as `PATH.partial-PID`. A process killed while doing so leaves that file
/// (and its lock file) behind; the next process to open or create `PATH` removes those whose
/// process is gone. The second and later temporary files of a process are named
/// `PATH.KIND-PID.N`, so that two threads building the same file never share one.
enum AbandonedCreations {
    /// How many temporary names this process has handed out.
    private static let namesGiven = Atomic<Int>(0)

    /// A new temporary name under which this process builds the file at `path`; `kind` says
    /// how (`creating` a ledger, writing a `partial` copy).
    static func temporaryPath(for path: String, kind: String = "creating") -> String {
        let earlier = namesGiven.add(1, ordering: .relaxed).oldValue
        return earlier == 0 ? "\(path).\(kind)-\(getpid())" : "\(path).\(kind)-\(getpid()).\(earlier)"
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

    /// The process id in `NAME.KIND-PID` or `NAME.KIND-PID.N`, either with `-lock` after it
    /// (`prefix` is `NAME.KIND-`), nil for other names.
    private static func creatorPID(of name: [UInt8], prefix: [UInt8]) -> pid_t? {
        guard name.starts(with: prefix) else { return nil }
        var rest = name.dropFirst(prefix.count)
        let lockSuffix = Array("-lock".utf8)
        if rest.reversed().starts(with: lockSuffix.reversed()) { rest = rest.dropLast(lockSuffix.count) }
        let parts = rest.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy(isNumber), parts[0].count <= 10 else { return nil }
        return pid_t(String(decoding: parts[0], as: UTF8.self))
    }

    /// Whether `digits` is a decimal number.
    private static func isNumber(_ digits: ArraySlice<UInt8>) -> Bool {
        !digits.isEmpty && digits.allSatisfy { (48...57).contains($0) }
    }

    /// Whether a process with this id exists (signal 0 checks without sending anything).
    private static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
