#if canImport(Glibc)
import Glibc
#endif

/// Where a ledger file really is, however it was named: every process that reaches one file
/// must share one lock file (its writers would otherwise overwrite each other's commits), and
/// the lock file is named after the file's canonical path, with symbolic links, `.` and `..`
/// resolved. A file with more than one hard link has no single canonical name and is refused.
struct LedgerFileLocation {
    /// The path as the caller gave it, for messages.
    let givenPath: String
    /// The canonical path of the file (or, when it does not exist yet, of its directory and name).
    let canonicalPath: String
    /// The file's status, nil when it does not exist.
    let status: stat?

    /// Resolves `path`. Fails when its directory does not exist or cannot be searched.
    init(_ path: String) throws {
        givenPath = path
        var status = stat()
        if stat(path, &status) == 0 {
            guard let resolved = Self.realPath(path) else {
                throw LedgerError(.storage, "cannot open ledger \(path): \(lastErrorDescription())")
            }
            canonicalPath = resolved
            self.status = status
            return
        }
        guard errno == ENOENT else {
            throw LedgerError(.storage, "cannot open ledger \(path): \(lastErrorDescription())")
        }
        var directoryStatus = stat()
        let (directory, name) = Self.split(path)
        guard stat(directory, &directoryStatus) == 0 else {
            throw LedgerError(.storage, "cannot create ledger \(path): directory \(directory) does not exist")
        }
        guard (directoryStatus.st_mode & S_IFMT) == S_IFDIR else {
            throw LedgerError(.storage, "cannot create ledger \(path): \(directory) is not a directory")
        }
        guard let resolvedDirectory = Self.realPath(directory) else {
            throw LedgerError(.storage, "cannot create ledger \(path): \(lastErrorDescription())")
        }
        canonicalPath = resolvedDirectory == "/" ? "/\(name)" : "\(resolvedDirectory)/\(name)"
        self.status = nil
    }

    /// Whether the file exists.
    var exists: Bool { status != nil }

    /// The lock file of the ledger: beside its canonical path.
    var lockPath: String { canonicalPath + "-lock" }

    /// Refuses what is not a ledger file that can be opened safely: something other than a
    /// regular file, an empty file (an existing file is never turned into a ledger), and a
    /// file with more than one name. Creations of this ledger that died halfway are cleaned
    /// up first: they leave a second name behind.
    func requireOpenableFile() throws {
        guard let status else { return }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw LedgerError(.storage, "\(givenPath) is not an EventLedger file (not a regular file)")
        }
        guard status.st_size > 0 else {
            throw LedgerError(.storage, "\(givenPath) is an empty file, not an EventLedger file")
        }
        guard status.st_nlink > 1 else { return }
        AbandonedCreations.removeAll(of: canonicalPath)
        if try Self.linkCount(canonicalPath, settlingFor: 50) > 1 {
            throw LedgerError(
                .storage,
                """
                \(givenPath) has \(status.st_nlink) hard links: a ledger must be reached through one file name, \
                so that every process shares its lock file
                """)
        }
    }

    /// The file's link count, waited on for up to `milliseconds` while it is above one: a
    /// ledger being created has a second name for the moment between linking it into place
    /// and removing its temporary name.
    private static func linkCount(_ path: String, settlingFor milliseconds: Int) throws -> Int {
        var status = stat()
        for _ in 0...milliseconds {
            guard stat(path, &status) == 0 else {
                throw LedgerError(.storage, "cannot open ledger \(path): \(lastErrorDescription())")
            }
            if status.st_nlink <= 1 { break }
            usleep(1_000)
        }
        return Int(status.st_nlink)
    }

    /// `path`'s directory and last component.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

/// The description of `errno`.
func lastErrorDescription() -> String {
    String(cString: strerror(errno))
}
