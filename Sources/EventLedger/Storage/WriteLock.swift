#if canImport(Glibc)
import Glibc
#endif

/// How a write waits for another process that is writing to the same ledger.
public struct WriteLockWaiting: Sendable {
    /// How long a write waits for the write lock; nil waits as long as it takes.
    public var timeout: Duration?
    /// Called once when a write has waited `noticeAfter` for another process, with that
    /// process's id when it can be found, so that a tool can say who it is waiting for.
    public var notice: (@Sendable (_ holder: Int32?) -> Void)?
    /// How long a write waits before `notice` is called.
    public var noticeAfter: Duration

    /// Waiting without a bound and without a notice, unless given.
    public init(
        timeout: Duration? = nil, noticeAfter: Duration = .seconds(1),
        notice: (@Sendable (_ holder: Int32?) -> Void)? = nil
    ) {
        self.timeout = timeout
        self.noticeAfter = noticeAfter
        self.notice = notice
    }
}

/// The lock one process holds while it writes to a ledger file, shared by every process
/// however it reached the file: it is taken on the file itself (an `flock`, which belongs to
/// the open file and so survives other descriptors of the file being closed), not on a path.
/// The holder also takes a POSIX record lock, which tells waiters its process id.
final class WriteLock: @unchecked Sendable {
    private let descriptor: Int32
    private let path: String
    private let waiting: WriteLockWaiting

    /// Opens the ledger file at `path` for locking.
    init(path: String, waiting: WriteLockWaiting) throws {
        descriptor = open(path, O_RDWR | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LedgerError(.storage, "cannot open ledger \(path): \(lastErrorDescription())")
        }
        self.path = path
        self.waiting = waiting
    }

    deinit {
        close(descriptor)
    }

    /// Takes the lock, waiting for another process as `waiting` says; `.storage` when the
    /// wait runs out.
    func acquire() throws {
        let clock = ContinuousClock()
        let started = clock.now
        var noticed = false
        var pause: UInt32 = 50
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw LedgerError(.storage, "cannot lock \(path) for writing: \(lastErrorDescription())")
            }
            let waited = clock.now - started
            if let timeout = waiting.timeout, waited >= timeout {
                let holder = holderDescription()
                throw LedgerError(.storage, "gave up waiting for the write lock of \(path) after \(timeout)\(holder)")
            }
            if !noticed, waited >= waiting.noticeAfter {
                noticed = true
                waiting.notice?(holder())
            }
            usleep(pause)
            pause = min(pause * 2, 2_000)
        }
        var record = Self.record(F_WRLCK)
        _ = fcntl(descriptor, F_SETLK, &record)
    }

    /// Lets the next writer in.
    func release() {
        var record = Self.record(F_UNLCK)
        _ = fcntl(descriptor, F_SETLK, &record)
        flock(descriptor, LOCK_UN)
    }

    /// The process id of the process holding the lock, when it can be told.
    func holder() -> Int32? {
        var record = Self.record(F_WRLCK)
        guard fcntl(descriptor, F_GETLK, &record) == 0, record.l_type != F_UNLCK else { return nil }
        return record.l_pid
    }

    private func holderDescription() -> String {
        holder().map { ", held by process \($0)" } ?? ""
    }

    /// A record lock on the file's first byte.
    private static func record(_ type: Int32) -> flock {
        var record = flock()
        record.l_type = Int16(type)
        record.l_whence = Int16(SEEK_SET)
        record.l_start = 0
        record.l_len = 1
        return record
    }
}
