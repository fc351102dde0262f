#if canImport(Glibc)
import Glibc
#endif

/// The file a path named when a watch began (its device and inode), to notice the path being
/// removed or made to name another file: a watcher would otherwise wait forever on a file
/// no process writes any more.
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

    /// Throws a storage error when the path no longer names the file it named at the start.
    func checkUnchanged() throws {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let reason = errno == ENOENT ? "was removed" : "cannot be checked (\(String(cString: strerror(errno))))"
            throw LedgerError(.storage, "the ledger file \(path) \(reason) while it was watched", subject: path)
        }
        guard UInt64(info.st_dev) == device, UInt64(info.st_ino) == inode else {
            throw LedgerError(.storage, "the ledger file \(path) was replaced by another file while it was watched", subject: path)
        }
    }
}
