#if canImport(Glibc)
import Glibc
#endif

/// Wakes up when a file is written or its links change (removed, renamed over), through
/// inotify: no polling loop. Its one descriptor never changes, so a watch set up on one
/// thread can wait on another.
final class FileChangeSignal: Sendable {
    private let descriptor: Int32

    /// Watches `path` for writes and changes of its links.
    init(path: String) throws {
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw LedgerError(.storage, "cannot watch \(path): \(String(cString: strerror(errno)))") }
        guard inotify_add_watch(descriptor, path, UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)) >= 0 else {
            close(descriptor)
            throw LedgerError(.storage, "cannot watch \(path): \(String(cString: strerror(errno)))")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Waits until the file is written (or its links change) or `milliseconds` pass; drains
    /// pending notifications. Returns whether something happened to the file.
    @discardableResult
    func wait(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
        return true
    }
}
