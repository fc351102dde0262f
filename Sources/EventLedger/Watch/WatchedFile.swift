#if canImport(Glibc)
import Glibc
#endif

/// The file a path named when a watch began (its device and inode), to notice the path being
/// removed or made to name another file, or the file being truncated: a watcher would
/// otherwise wait forever on a file no process writes any more.
struct WatchedFile {
    /// The watched path.
    let path: String
    /// The device of the file the path named at the start.
    private let device: UInt64
    /// Its inode on that device.
    private let inode: UInt64

    /// The file `path` names now.
    init(path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw LedgerError(.storage, "cannot watch \(path): \(String(cString: strerror(errno)))")
        }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }

    /// Throws a storage error when the path no longer names the file it named at the start,
    /// or when that file was cut shorter than `usedBytes()`, the bytes its last commit uses
    /// (a watcher would otherwise go on reading what is left of it).
    func checkUnchanged(usedBytes: () -> Int) throws {
        var info = try status()
        guard UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else {
            throw LedgerError(.storage, "the ledger file \(path) was replaced by another file while it was watched", subject: path)
        }
        // Reading what the last commit uses reads the two meta pages: a file shorter than
        // them is truncated without looking. The file is looked at again after the reading,
        // since a commit made in between may have grown it.
        let metaPages = 2 * Int(sysconf(Int32(_SC_PAGESIZE)))
        let needed = Int(info.st_size) < metaPages ? metaPages : usedBytes()
        info = try status()
        guard Int(info.st_size) >= needed else {
            throw LedgerError(
                .storage,
                "the ledger file \(path) was truncated while it was watched: \(info.st_size) bytes where "
                    + "its last commit uses at least \(needed)", subject: path)
        }
    }

    /// The status of the file `path` names now.
    private func status() throws -> stat {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == ENOENT ? "was removed" : "cannot be checked (\(String(cString: strerror(errno))))"
            throw LedgerError(.storage, "the ledger file \(path) \(reason) while it was watched", subject: path)
        }
        return info
    }
}
