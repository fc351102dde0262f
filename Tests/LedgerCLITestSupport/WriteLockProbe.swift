import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Which process is writing to a ledger file, seen from another process: a writer holds a
/// POSIX record lock on the file's first byte while it writes, and `F_GETLK` names its holder.
package enum WriteLockProbe {
    /// The id of the process holding the write lock of the ledger file open at `descriptor`,
    /// nil when no process holds it.
    package static func holder(of descriptor: Int32) -> Int32? {
        var record = flock()
        record.l_type = Int16(F_WRLCK)
        record.l_whence = Int16(SEEK_SET)
        record.l_start = 0
        record.l_len = 1
        guard fcntl(descriptor, F_GETLK, &record) == 0, record.l_type != Int16(F_UNLCK) else { return nil }
        return record.l_pid
    }

    /// Waits until `pid` holds the write lock of the ledger file at `path`, looking every
    /// `pause` microseconds, and returns `pid` (nil after `timeout` seconds, or when `pid`
    /// exited first).
    package static func waitForWriteLock(
        of path: String, heldBy pid: Int32, timeout: Double = 30,
        pause: UInt32 = 2_000
    ) -> Int32? {
        let descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, kill(pid, 0) == 0 {
            if holder(of: descriptor) == pid { return pid }
            usleep(pause)
        }
        return nil
    }
}
